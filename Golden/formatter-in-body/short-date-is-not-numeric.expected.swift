// bodywork-options: --min-ios 17 --swift-6
import SwiftUI

// A `.short` date prints a two-digit year; `.numeric` prints four. No FormatStyle here.
struct DueDate: View {
    let due: Date

    private static let shortDateShortTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .short
        return formatter
    }()

    var body: some View {
        return Text(Self.shortDateShortTimeFormatter.string(from: due))
    }
}
