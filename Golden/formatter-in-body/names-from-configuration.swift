import SwiftUI

struct Schedule: View {
    let start: Date
    let size: Int64
    let cached: Int64

    var body: some View {
        VStack {
            Text(weekday)
            Text(time)
            Text(sizes)
        }
    }

    private var weekday: String {
        let formatter = DateFormatter()
        formatter.dateFormat = "EEEE"
        return formatter.string(from: start)
    }

    private var time: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: start)
    }

    private var sizes: String {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        let other = ByteCountFormatter()
        other.countStyle = .memory
        return formatter.string(fromByteCount: size) + other.string(fromByteCount: cached)
    }
}
