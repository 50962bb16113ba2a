import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
}

@Observable
final class Session {
    var name = ""
}

// Property wrapper defaults build their object once (or are the documented form).
struct OwnerView: View {
    @StateObject private var store = Store()
    @State private var session = Session()

    var body: some View {
        Text("\(store.count) \(session.name)")
    }
}
