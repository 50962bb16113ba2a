import SwiftUI

struct Timeline: View {
    let start: Date
    let end: Date

    var body: some View {
        HStack {
            Text(label(for: start))
            Text(label(for: end))
        }
    }

    private static let mediumTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .medium
        return formatter
    }()

    /// One label per call, from `body`.
    private func label(for date: Date) -> String {
        return Self.mediumTimeFormatter.string(from: date)
    }
}
