import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    let items: [Item]

    var body: some View {
        List {
            ForEach(Array(items.filter { !$0.done }.enumerated()), id: \.offset) { index, item in
                Text("\(index + 1). \(item.name)")
            }
            ForEach(Array(items.dropFirst(2).enumerated()), id: \.offset) { _, item in
                Text(item.name)
            }
        }
    }
}
