import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
}

struct ItemsView: View {
    let items: [Item]

    var body: some View {
        let count = items.count
        VStack {
            ForEach(0..<count, id: \.self) { index in
                Text(items[index].name)
            }
        }
    }
}
