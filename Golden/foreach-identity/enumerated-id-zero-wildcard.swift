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
            ForEach(Array(items.enumerated()), id: \.0) { _, item in
                Text(item.name)
            }
        }
    }
}
