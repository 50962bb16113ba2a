import SwiftUI

struct Agenda: View {
    let date: Date
    let mediumDateFormatter = "not a formatter"

    enum shortTimeFormatter {}

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return Text(formatter.string(from: date) + mediumDateFormatter)
    }
}
