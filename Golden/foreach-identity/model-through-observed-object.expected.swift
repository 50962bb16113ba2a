import SwiftUI

struct Item: Identifiable {
    let id: UUID
    var name: String
}

final class Store: ObservableObject {
    @Published var items: [Item] = []
}

struct StoreView: View {
    @ObservedObject var store: Store

    var body: some View {
        List {
            ForEach(store.items) { item in
                Text(item.name)
            }
        }
    }
}
