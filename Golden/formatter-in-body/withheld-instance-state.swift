import SwiftUI

struct EventRow: View {
    let date: Date
    let style: DateFormatter.Style

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = style
        return Text(formatter.string(from: date))
    }
}
