// bodywork-options: --swift-6
import SwiftUI

struct Event: Identifiable {
    let id: Int
    let start: Date
}

struct EventList: View {
    let events: [Event]

    var body: some View {
        List {
            ForEach(events) { event in
                let formatter: DateFormatter = {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .medium
                    formatter.timeStyle = .short
                    return formatter
                }()
                Text(formatter.string(from: event.start))
            }
        }
    }
}
