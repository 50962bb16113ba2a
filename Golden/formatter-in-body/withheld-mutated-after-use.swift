import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        let day = formatter.string(from: date)
        formatter.timeStyle = .short
        return Text(day + formatter.string(from: date))
    }
}
