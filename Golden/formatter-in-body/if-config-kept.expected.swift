import SwiftUI

struct EventRow: View {
    let date: Date

    private static let longDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        #if DEBUG
        formatter.timeZone = TimeZone(identifier: "UTC")
        #else
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        #endif
        formatter.dateStyle = .long
        return formatter
    }()

    var body: some View {
        return Text(Self.longDateFormatter.string(from: date))
    }
}
