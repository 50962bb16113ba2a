import Foundation
import SwiftUI

struct Entry: Identifiable {
    let id: Int
    let title: String
    let isDone: Bool
    let date: Date
}

struct EntryList: View {
    let entries: [Entry]

    var body: some View {
        // Only the open entries.
        List {
            ForEach(entries.sorted { $0.date < $1.date }) { entry in
                EntryRow(entry: entry)
            }
        }
    }
}

struct EntryRow: View {
    let entry: Entry

    var body: some View {

        let formatter = DateFormatter()
        HStack {
            Text(entry.title)
            Text(formatter.string(from: entry.date))
        }
    }
}

struct EntryCount: View {
    let entries: [Entry]

    var body: some View {
        get {
            Text("\(entries.filter { $0.isDone }.count) done")
        }
    }
}

struct EntryBadge: View {
    let entries: [Entry]
    var body: some View { Text("\(entries.sorted { $0.date < $1.date }.count)") }
}
