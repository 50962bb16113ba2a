import SwiftUI

struct DueDate: View {
    let date: Date
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        // Short dates read best in the list.
        formatter.dateStyle = .short
        formatter.timeStyle = .none
        return formatter
    }()

    init(date: Date) {
        self.date = date
    }

    var body: some View {
        Text(Self.formatter.string(from: date))
    }
}
