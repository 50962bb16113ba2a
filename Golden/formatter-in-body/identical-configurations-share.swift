import SwiftUI

struct Trip: View {
    let departure: Date
    let arrival: Date

    private var departureText: String {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter.string(from: departure)
    }

    private var arrivalText: String {
        let f = DateFormatter()
        f.timeStyle = .short
        return f.string(from: arrival)
    }

    var body: some View {
        Text(departureText + " – " + arrivalText)
    }
}
