// bodywork-options: --unsafe-fixes
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
        Menu("Items") {
            ForEach(items) { item in
                if item.isPinned {
                    Button(item.name) {}
                } else {
                    Text(item.name)
                    Text(item.name)
                }
            }
        }
    }
}
