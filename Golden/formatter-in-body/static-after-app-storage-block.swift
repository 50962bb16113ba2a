import SwiftUI

struct PreferencesView: View {
    @AppStorage("showsSeconds") private var showsSeconds = false
    private var lastSync: String {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter.string(from: syncDate)
    }
    @AppStorage("compact") private var compact = false
    @AppStorage("accent") private var accent = "blue"
    let syncDate: Date
    var body: some View {
        Text(lastSync)
    }
}

struct SyncBadge: View {
    private var stamp: String {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter.string(from: date)
    }
    @AppStorage("badge") private var badge = true
    let date: Date
}

extension SyncBadge {
    var body: some View { Text(stamp) }
}
