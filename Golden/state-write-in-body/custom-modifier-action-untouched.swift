import SwiftUI

// A `View` extension method of the module: its `@escaping () -> Void` parameter runs later.
extension View {
    func onFirstAppear(perform action: @escaping () -> Void) -> some View {
        modifier(FirstAppear(action: action))
    }
}

struct FirstAppear: ViewModifier {
    let action: () -> Void
    @State private var appeared = false

    func body(content: Content) -> some View {
        content.onAppear {
            guard !appeared else { return }
            appeared = true
            action()
        }
    }
}

struct FeedView: View {
    @State private var loaded = false

    var body: some View {
        Text(loaded ? "Loaded" : "Loading")
            .onFirstAppear { load() }
    }

    private func load() {
        loaded = true
    }
}
