import SwiftUI

// A wrapper whose `init(wrappedValue:)` takes the value itself, not an `@autoclosure`,
// gets a new object each time the init runs: reported.
@propertyWrapper
struct Boxed<Value>: DynamicProperty {
    @State private var value: Value

    var wrappedValue: Value { value }

    init(wrappedValue: Value) {
        _value = State(initialValue: wrappedValue)
    }
}

final class PlayerProxy {
    init() {}
}

struct PlayerScreen: View {
    @Boxed private var proxy: PlayerProxy

    init() {
        self._proxy = .init(wrappedValue: PlayerProxy())
    }

    var body: some View {
        Text("Playing")
    }
}

struct SpareScreen: View {
    @Boxed private var proxy: PlayerProxy

    init() {
        _proxy = Boxed(wrappedValue: PlayerProxy())
    }

    var body: some View {
        Text("Spare")
    }
}
