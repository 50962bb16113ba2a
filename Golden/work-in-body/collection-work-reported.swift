import SwiftUI

struct Entry: Identifiable {
    let id: Int
    var title: String
    var day: Int
    var isDone: Bool
}

struct EntriesView: View {
    var entries: [Entry]

    var body: some View {
        List {
            ForEach(entries.sorted { $0.day > $1.day }) { entry in
                Text(entry.title)
            }
            Text("\(openEntries.count) open")
            Text("\(days.count) days")
        }
    }

    // Reached from body: runs on every evaluation.
    private var openEntries: [Entry] {
        entries.filter { !$0.isDone }
    }

    private var days: [Int: [Entry]] {
        Dictionary(grouping: entries) { $0.day }
    }
}
