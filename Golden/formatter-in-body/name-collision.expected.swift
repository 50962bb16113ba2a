import SwiftUI

struct Agenda: View {
    let date: Date
    let mediumDateFormatter = "not a formatter"

    enum shortTimeFormatter {}

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        return Text(Self.dateFormatter.string(from: date) + mediumDateFormatter)
    }
}
