import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    let item: Item
    let items: [Item]

    var body: some View {
        VStack {
            Text(item.name)
            ForEach(items.indices, id: \.self) { i in
                Text(items[i].name)
            }
        }
    }
}
