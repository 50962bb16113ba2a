import SwiftUI

struct Flavor: Identifiable, Hashable {
    let id: Int
    var name: String
}

struct FlavorPicker: View {
    var flavors: [Flavor]
    @State private var choice = Flavor(id: 0, name: "Vanilla")

    var body: some View {
        Picker("Flavor", selection: $choice) {
            ForEach(flavors, id: \.self) { flavor in
                Text(flavor.name).tag(flavor)
            }
        }
    }
}
