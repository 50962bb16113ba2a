// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        // Design asked for the long style in rows.
        let formatter = DateFormatter()
        formatter.dateStyle = .long // not .medium: see the style guide
        return Text(formatter.string(from: date))
    }
}
