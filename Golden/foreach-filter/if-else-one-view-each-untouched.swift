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
        List {
            ForEach(items) { item in
                if item.isPinned {
                    Text(item.name).bold()
                } else {
                    let label = item.name + "!"
                    Text(label)
                }
            }
        }
    }
}
