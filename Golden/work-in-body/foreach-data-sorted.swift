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
        ForEach(items.sorted { $0.name < $1.name }) { item in
            Text(item.name)
        }
    }
}
