import SwiftUI

struct Flavor: Identifiable, Hashable {
    let id: Int
    var name: String
}

// The rows are a helper's whole result, and the helper is the Picker's content: each row's
// implicit tag is its ForEach id, so `id: \.self` → the `Flavor.ID` would select nothing.
struct FlavorPicker: View {
    var flavors: [Flavor]
    @State private var choice = Flavor(id: 0, name: "Vanilla")
    @State private var other = Flavor(id: 0, name: "Vanilla")

    var body: some View {
        Form {
            Picker("Flavor", selection: $choice) {
                options
            }
            Picker("Other", selection: $other, content: sectionedOptions)
        }
    }

    private var options: some View {
        ForEach(flavors, id: \.self) { flavor in
            Text(flavor.name)
        }
    }

    @ViewBuilder
    private func sectionedOptions() -> some View {
        Section("All") {
            ForEach(flavors, id: \.self) { flavor in
                Text(flavor.name)
            }
        }
    }
}
