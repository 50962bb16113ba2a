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

    private static let weekdayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "EEEE"
        return formatter
    }()

    private var weekday: String {
        return Self.weekdayFormatter.string(from: start)
    }

    private static let hourMinuteFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter
    }()

    private var time: String {
        return Self.hourMinuteFormatter.string(from: start)
    }

    private static let fileByteCountFormatter: ByteCountFormatter = {
        let formatter = ByteCountFormatter()
        formatter.countStyle = .file
        return formatter
    }()

    private static let memoryByteCountFormatter: ByteCountFormatter = {
        let other = ByteCountFormatter()
        other.countStyle = .memory
        return other
    }()

    private var sizes: String {
        return Self.fileByteCountFormatter.string(fromByteCount: size) + Self.memoryByteCountFormatter.string(fromByteCount: cached)
    }
}
