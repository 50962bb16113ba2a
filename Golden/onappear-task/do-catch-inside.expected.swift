// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

@MainActor
final class Store {
    var error: String?
    func refresh() async throws {}
}

struct StoreView: View {
    let store: Store

    var body: some View {
        Text("Store")
            .task {
                do {
                    try await store.refresh()
                } catch {
                    store.error = "\(error)"
                }
            }
    }
}
