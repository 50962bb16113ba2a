import SwiftUI

struct Agenda: View {
    let date: Date
    let mediumDateFormatter = "not a formatter"

    enum shortTimeFormatter {}

    private static let mediumDateFormatter2: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        return Text(Self.mediumDateFormatter2.string(from: date) + mediumDateFormatter)
    }
}
