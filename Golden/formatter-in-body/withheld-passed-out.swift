import SwiftUI

final class Cache {
    var formatter: DateFormatter?
}

struct EventRow: View {
    let date: Date
    let cache: Cache

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        cache.formatter = formatter
        return Text(formatter.string(from: date))
    }
}
