import SwiftUI

struct EventRow: View {
    let date: Date
    let compact: Bool

    var body: some View {
        let formatter = DateFormatter()
        if compact {
            formatter.dateStyle = .short
        }
        return Text(formatter.string(from: date))
    }
}
