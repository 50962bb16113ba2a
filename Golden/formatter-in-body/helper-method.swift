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

    /// One label per call, from `body`.
    private func label(for date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeStyle = .medium
        return formatter.string(from: date)
    }
}
