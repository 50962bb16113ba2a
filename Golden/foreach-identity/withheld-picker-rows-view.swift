import SwiftUI

struct Flavor: Identifiable, Hashable {
    let id: Int
    var name: String
}

// A view whose body is only rows hands them to the Picker it is put in.
struct FlavorOptions: View {
    var flavors: [Flavor]

    var body: some View {
        ForEach(flavors.indices, id: \.self) { index in
            Text(flavors[index].name)
        }
    }
}

struct FlavorPicker: View {
    var flavors: [Flavor]
    @State private var choice = 0

    var body: some View {
        Picker("Flavor", selection: $choice) {
            FlavorOptions(flavors: flavors)
        }
    }
}
