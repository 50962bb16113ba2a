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
            if item.isVisible { // hidden rows stay out until the sync ends
                Text(item.name)
            }
        }
    }
}
