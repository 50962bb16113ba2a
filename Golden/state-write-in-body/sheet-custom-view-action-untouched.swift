import SwiftUI

// A custom view's explicit initializer with an escaping closure, inside sheet content.
struct Picker2: View {
    let choose: (Int) -> Void

    init(choose: @escaping (Int) -> Void) {
        self.choose = choose
    }

    var body: some View {
        Button("One") { choose(1) }
    }
}

struct SettingsView: View {
    @State private var showsPicker = false
    @State private var value = 0

    var body: some View {
        Text("\(value)")
            .sheet(isPresented: $showsPicker) {
                Picker2 { chosen in apply(chosen) }
            }
    }

    private func apply(_ chosen: Int) {
        value = chosen
        showsPicker = false
    }
}
