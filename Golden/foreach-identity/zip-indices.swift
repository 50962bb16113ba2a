import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    var items: [Item]

    var body: some View {
        VStack {
            ForEach(Array(zip(items.indices, items)), id: \.0) { index, item in
                Text("\(index): \(item.name)")
            }
        }
    }
}
