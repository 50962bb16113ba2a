import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    let items: Array<Item>

    var body: some View {
        VStack {
            ForEach(items.indices) { i in
                Text(items[i].name)
            }
        }
    }
}
