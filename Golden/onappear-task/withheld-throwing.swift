import SwiftUI

@MainActor
final class Store {
    func refresh() async throws {}
}

struct StoreView: View {
    let store: Store

    var body: some View {
        Text("Store")
            .onAppear {
                Task {
                    try await store.refresh()
                }
            }
    }
}
