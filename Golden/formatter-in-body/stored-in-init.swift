import SwiftUI

struct DueDate: View {
    let date: Date
    private let formatter: DateFormatter

    init(date: Date) {
        self.date = date
        formatter = DateFormatter()
        // Short dates read best in the list.
        formatter.dateStyle = .short
        formatter.timeStyle = .none
    }

    var body: some View {
        Text(formatter.string(from: date))
    }
}
