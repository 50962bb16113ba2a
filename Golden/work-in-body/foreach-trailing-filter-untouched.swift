import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
}

// The filter foreach-filter writes costs what an `if` in each row costs; lazy chains run
// only as the rows read them; a property merely named `sorted` is no call.
struct ItemsView: View {
    var items: [Item]
    var sorted: [Item]

    var body: some View {
        VStack {
            ForEach(items.filter { item in item.isVisible }) { item in
                Text(item.name)
            }
            ForEach(items.filter { $0.isVisible }.filter { item in item.isPinned }) { item in
                Text(item.name)
            }
            ForEach(Array(items.lazy.filter { $0.isVisible })) { item in
                Text(item.name)
            }
            ForEach(sorted) { item in
                Text(item.name)
            }
        }
    }
}
