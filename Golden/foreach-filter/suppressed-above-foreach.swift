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
        // bodywork:disable:next foreach-filter -- rows hide while they animate out
        ForEach(items) { item in
            if item.isVisible {
                Text(item.name)
            }
        }
    }
}
