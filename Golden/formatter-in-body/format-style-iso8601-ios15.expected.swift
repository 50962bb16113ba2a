// bodywork-options: --min-ios 16 --min-macos 13
import SwiftUI

struct Stamp: View {
    let date: Date

    private static let iso8601DateFormatter = ISO8601DateFormatter()

    var body: some View {
        Text(Self.iso8601DateFormatter.string(from: date))
    }
}
