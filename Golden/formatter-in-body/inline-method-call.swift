import SwiftUI

struct Counter: View {
    let count: Int

    var body: some View {
        Text(NumberFormatter().string(from: NSNumber(value: count)) ?? "")
    }
}
