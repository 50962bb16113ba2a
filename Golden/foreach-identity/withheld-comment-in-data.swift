import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    @State private var items: [Item] = []

    var body: some View {
        List {
            ForEach(Array(items.enumerated()), /* offsets: rows never move */ id: \.offset) { index, item in
                Text(item.name)
            }
        }
    }
}
