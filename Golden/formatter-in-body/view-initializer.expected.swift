import SwiftUI

struct Header: View {
    let title: String

    private static let fullDateLongTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .long
        return formatter
    }()

    init(date: Date) {
        title = Self.fullDateLongTimeFormatter.string(from: date)
    }

    var body: some View {
        Text(title)
    }
}
