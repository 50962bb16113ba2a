import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    @State private var items: [Item] = []

    var body: some View {
        VStack {
            ForEach(Array(items.enumerated()), id: \.offset) { index, item in
                Text("\(index + 1). \(item.name)")
            }
        }
    }
}
