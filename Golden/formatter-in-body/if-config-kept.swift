import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        let formatter = DateFormatter()
        #if DEBUG
        formatter.timeZone = TimeZone(identifier: "UTC")
        #else
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        #endif
        formatter.dateStyle = .long
        return Text(formatter.string(from: date))
    }
}
