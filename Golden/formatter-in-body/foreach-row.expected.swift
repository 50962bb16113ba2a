// bodywork-options: --swift-6
import SwiftUI

struct Event: Identifiable {
    let id: Int
    let start: Date
}

struct EventList: View {
    let events: [Event]

    private static let mediumDateShortTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }()

    var body: some View {
        List {
            ForEach(events) { event in
                Text(Self.mediumDateShortTimeFormatter.string(from: event.start))
            }
        }
    }
}
