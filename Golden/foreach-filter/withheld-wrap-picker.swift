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
    @State private var selection: Int = 0
    var body: some View {
        Picker("Item", selection: $selection) {
            ForEach(items) { item in
                if item.isPinned {
                    Text(item.name).bold()
                } else {
                    Text(item.name)
                    Text(item.name)
                }
            }
        }
    }
}
