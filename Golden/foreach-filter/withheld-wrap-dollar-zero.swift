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
            ForEach(items) {
                if $0.isPinned {
                    Text($0.name).bold()
                } else {
                    Text($0.name)
                    Text($0.name)
                }
            }
        }
    }
}
