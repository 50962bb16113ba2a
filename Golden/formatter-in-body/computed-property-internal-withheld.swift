import SwiftUI

struct Receipt: View {
    let date: Date

    var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }

    var body: some View {
        Text(formatter.string(from: date))
    }
}
