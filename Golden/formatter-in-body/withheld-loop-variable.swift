import SwiftUI

struct Zone: Identifiable {
    let id: String
}

struct Clocks: View {
    let zones: [Zone]
    let now: Date

    var body: some View {
        ForEach(zones) { zone in
            let formatter: DateFormatter = {
                let formatter = DateFormatter()
                formatter.timeZone = TimeZone(identifier: zone.id)
                return formatter
            }()
            Text(formatter.string(from: now))
        }
    }
}
