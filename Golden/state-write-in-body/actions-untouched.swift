import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
}

struct PickRow: View {
    var onPick: (Int) -> Void
    var body: some View { Button("Pick") { onPick(1) } }
}

// Writes in actions run on events, not while body is evaluated.
struct ActionsView: View {
    @State private var count = 0
    @StateObject private var store = Store()

    var body: some View {
        VStack {
            Button("Add") { count += 1 }
            PickRow(onPick: { value in count = value })
            Text("\(count)")
                .onAppear { count = 1 }
                .task { store.count = 2 }
                .onChange(of: count) { store.count = count }
                .onTapGesture { reset() }
        }
    }

    private func reset() {
        count = 0
        store.count = 0
    }
}
