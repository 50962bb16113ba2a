import SwiftUI

struct PreferencesView: View {
    @AppStorage("showsSeconds") private var showsSeconds = false
    private var lastSync: String {
        return Self.shortTimeFormatter.string(from: syncDate)
    }
    @AppStorage("compact") private var compact = false
    @AppStorage("accent") private var accent = "blue"
    let syncDate: Date

    private static let shortTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter
    }()

    var body: some View {
        Text(lastSync)
    }
}

struct SyncBadge: View {
    private var stamp: String {
        return Self.longDateFormatter.string(from: date)
    }
    @AppStorage("badge") private var badge = true
    let date: Date

    private static let longDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter
    }()
}

extension SyncBadge {
    var body: some View { Text(stamp) }
}
