import SwiftUI

struct EventRow: View {
    let date: Date

    // The row's title.
    var body: some View {
        // Dates as the design shows them.
        let formatter = DateFormatter()
        // No time: rows are per day.
        formatter.dateStyle = .medium
        formatter.locale = Locale(identifier: "en_US_POSIX") // fixed for screenshots

        // This stays.
        return Text(formatter.string(from: date))
    }
}
