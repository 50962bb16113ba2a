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
            ForEach(items.indices, id: \.self) { i in
                HStack {
                    Text(items[i].name)
                    if items[i].done {
                        Text("done")
                    }
                }
            }
        }
    }
}
