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
    @State private var selection: Int?
    var body: some View {
        List(selection: $selection) {
            ForEach(items) { item in
                if item.isPinned {
                    Text(item.name).bold().tag(item.id)
                } else {
                    Text(item.name).tag(item.id)
                    Text(item.name).tag(item.id)
                }
            }
        }
    }
}
