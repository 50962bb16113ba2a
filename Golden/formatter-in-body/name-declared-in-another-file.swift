import SwiftUI

struct Agenda: View {
    let date: Date

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return Text(formatter.string(from: date))
    }
}

struct Stamped<Content: View>: View {
    let date: Date
    let content: Content

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return VStack {
            content
            Text(formatter.string(from: date))
        }
    }
}
