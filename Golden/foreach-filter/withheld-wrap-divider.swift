// bodywork-options: --unsafe-fixes
import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct Toolbar: View {
    var items: [Item]
    var body: some View {
        HStack {
            ForEach(items) { item in
                if item.isPinned {
                    Divider()
                } else {
                    Text(item.name)
                }
            }
        }
    }
}
