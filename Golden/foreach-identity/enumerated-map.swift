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
            ForEach(items.enumerated().map { $0 }, id: \.offset) { index, item in
                Text(item.name)
                    .opacity(index == 0 ? 1 : 0.5)
            }
        }
    }
}
