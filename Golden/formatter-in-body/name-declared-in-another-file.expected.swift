import SwiftUI

struct Agenda: View {
    let date: Date

    private static let mediumDateFormatter2: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        return Text(Self.mediumDateFormatter2.string(from: date))
    }
}

@MainActor private let shortDateFormatter2: DateFormatter = {
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
            Text(shortDateFormatter2.string(from: date))
        }
    }
}
