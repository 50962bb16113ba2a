import SwiftUI

struct Header: View {
    let title: String

    init(date: Date) {
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .long
        title = formatter.string(from: date)
    }

    var body: some View {
        Text(title)
    }
}
