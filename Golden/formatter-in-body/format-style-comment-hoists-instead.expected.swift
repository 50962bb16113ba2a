// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    private static let longDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long // not .medium: see the style guide
        return formatter
    }()

    var body: some View {
        // Design asked for the long style in rows.
        return Text(Self.longDateFormatter.string(from: date))
    }
}
