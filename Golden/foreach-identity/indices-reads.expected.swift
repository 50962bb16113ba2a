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
            ForEach(items) { item in
                HStack {
                    Text(item.name)
                    if item.done {
                        Text("done")
                    }
                }
            }
        }
    }
}
