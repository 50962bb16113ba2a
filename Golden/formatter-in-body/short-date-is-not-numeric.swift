// bodywork-options: --min-ios 17 --swift-6
import SwiftUI

// A `.short` date prints a two-digit year; `.numeric` prints four. No FormatStyle here.
struct DueDate: View {
    let due: Date

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        formatter.timeStyle = .short
        return Text(formatter.string(from: due))
    }
}
