import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    let items: [Item]

    var body: some View {
        VStack {
            ForEach(Array(items.enumerated()), id: \.element.id) { i, item in
                Text("\(i + 1). \(item.name)")
            }
        }
    }
}
