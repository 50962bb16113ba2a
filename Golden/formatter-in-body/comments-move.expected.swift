import SwiftUI

struct EventRow: View {
    let date: Date

    private static let mediumDateFormatter: DateFormatter = {
        // Dates as the design shows them.
        let formatter = DateFormatter()
        // No time: rows are per day.
        formatter.dateStyle = .medium
        formatter.locale = Locale(identifier: "en_US_POSIX") // fixed for screenshots
        return formatter
    }()

    // The row's title.
    var body: some View {
        // This stays.
        return Text(Self.mediumDateFormatter.string(from: date))
    }
}
