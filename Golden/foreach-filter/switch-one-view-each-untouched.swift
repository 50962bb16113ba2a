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
        ForEach(items) { item in
            switch item.count {
            case 0:
                Text("none")
            default:
                Text(item.name)
            }
        }
    }
}
