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
        ForEach(0..<items.count, id: \.self) { index in
            if index > 0 {
                Text(items[index].name)
            }
        }
    }
}
