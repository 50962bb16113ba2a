import SwiftUI

@MainActor
final class Store {
    func refresh() async -> Int { 1 }
}

struct StoreView: View {
    let store: Store

    var body: some View {
        Text("Store")
            .onAppear {
                Task {
                    let count = await store.refresh()
                    return count
                }
            }
    }
}
