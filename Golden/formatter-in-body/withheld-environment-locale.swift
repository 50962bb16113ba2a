import SwiftUI

struct EventRow: View {
    let date: Date
    @Environment(\.locale) private var locale

    var body: some View {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.dateStyle = .medium
        return Text(formatter.string(from: date))
    }
}
