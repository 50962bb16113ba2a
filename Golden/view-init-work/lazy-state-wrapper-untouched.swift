import SwiftUI

// A wrapper of the project whose `init(wrappedValue:)` takes an `@autoclosure` makes its
// value once, as `StateObject` does: the proxy built in the init is not reported.
@MainActor
@propertyWrapper
struct LazyState<Value>: DynamicProperty {
    final class Box {
        private var value: Value?
        private let thunk: () -> Value

        var wrappedValue: Value {
            if let value { return value }
            let made = thunk()
            value = made
            return made
        }

        init(wrappedValue thunk: @autoclosure @escaping () -> Value) {
            self.thunk = thunk
        }
    }

    @State private var holder: Box

    var wrappedValue: Value { holder.wrappedValue }

    init(wrappedValue thunk: @autoclosure @escaping () -> Value) {
        _holder = State(wrappedValue: Box(wrappedValue: thunk()))
    }
}

final class PlayerProxy {
    init() {}
}

struct PlayerScreen: View {
    @LazyState private var proxy: PlayerProxy
    @LazyState private var spare: PlayerProxy

    init() {
        self._proxy = .init(wrappedValue: PlayerProxy())
        _spare = LazyState(wrappedValue: PlayerProxy())
    }

    var body: some View {
        Text("Playing")
    }
}
