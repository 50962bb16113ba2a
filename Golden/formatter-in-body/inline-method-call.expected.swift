import SwiftUI

struct Counter: View {
    let count: Int

    private static let numberFormatter = NumberFormatter()

    var body: some View {
        Text(Self.numberFormatter.string(from: NSNumber(value: count)) ?? "")
    }
}
