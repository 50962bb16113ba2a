import SwiftUI

struct DueDate: View {
    let date: Date
    private let formatter: DateFormatter

    init(date: Date, style: DateFormatter.Style) {
        self.date = date
        self.formatter = DateFormatter()
        formatter.dateStyle = style
    }

    var body: some View {
        Text(formatter.string(from: date))
    }
}
