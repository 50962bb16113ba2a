import SwiftUI

struct Agenda: View {
    let date: Date

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        return Text(Self.dateFormatter.string(from: date))
    }
}

@MainActor private let dateFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateStyle = .short
    return formatter
}()

struct Stamped<Content: View>: View {
    let date: Date
    let content: Content

    var body: some View {
        return VStack {
            content
            Text(dateFormatter.string(from: date))
        }
    }
}
