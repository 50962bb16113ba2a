import SwiftUI

extension View {
    /// Always the same view: the condition only picks a value.
    func highlighted(_ isOn: Bool) -> some View {
        opacity(isOn ? 1 : 0.5)
    }

    /// Two branches, but the closure is not given `self`.
    @ViewBuilder func replaced<Other: View>(_ condition: Bool, with other: () -> Other) -> some View {
        if condition { other() } else { self }
    }

    /// An optional, not a Bool.
    @ViewBuilder func ifLet<Value, Content: View>(_ value: Value?, transform: (Self, Value) -> Content) -> some View {
        if let value { transform(self, value) } else { self }
    }
}

struct Filter {
    var rules: [String] = []

    func when(_ condition: Bool) -> Filter { condition ? self : Filter() }
}

struct Plain: View {
    var isOn: Bool

    var body: some View {
        Text(Filter().when(isOn).rules.joined())
            .highlighted(isOn)
            .replaced(isOn) { Text("Other") }
    }
}
