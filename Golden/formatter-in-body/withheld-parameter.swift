import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        Text(text(date, format: "yyyy"))
    }

    private func text(_ date: Date, format: String) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
