import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct ItemsView: View {
    var items: [Item]
    var body: some View {
        ForEach(items) { item in
            // Hidden items are skipped.
            if item.isVisible {
                // Name first.
                Text(item.name) // the title
                // Count below.
                Text("\(item.count)")
            }
        }
    }
}
