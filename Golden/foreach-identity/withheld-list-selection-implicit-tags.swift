import SwiftUI

struct Flavor: Identifiable, Hashable {
    let id: String
    var name: String
}

struct FlavorList: View {
    var flavors: [Flavor]
    @State private var selected: Set<Int> = []

    var body: some View {
        List(selection: $selected) {
            ForEach(flavors.indices, id: \.self) { i in
                Text(flavors[i].name)
            }
        }
    }
}
