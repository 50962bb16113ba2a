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
        ForEach(items.filter { item in item.isVisible && item.count > 0 }) { item in
            Text(item.name)
        }
    }
}
