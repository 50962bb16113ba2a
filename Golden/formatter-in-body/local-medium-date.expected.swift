// bodywork-options: --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    private static let mediumDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        return Text(Self.mediumDateFormatter.string(from: date))
    }
}
