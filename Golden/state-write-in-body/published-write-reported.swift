import SwiftUI

final class Store: ObservableObject {
    @Published var visibleCount = 0
    var lastRendered = 0
}

struct StoreView: View {
    @ObservedObject var store: Store
    var items: [Int]

    var body: some View {
        store.visibleCount = items.count
        // A plain property of the model publishes nothing.
        store.lastRendered = items.count
        return Text("\(store.visibleCount)")
    }
}
