import SwiftUI

struct Trip: View {
    let departure: Date
    let arrival: Date

    private static let shortTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter
    }()

    private var departureText: String {
        return Self.shortTimeFormatter.string(from: departure)
    }

    private var arrivalText: String {
        return Self.shortTimeFormatter.string(from: arrival)
    }

    var body: some View {
        Text(departureText + " – " + arrivalText)
    }
}
