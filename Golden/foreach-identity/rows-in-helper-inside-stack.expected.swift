import SwiftUI

struct Flavor: Identifiable, Hashable {
    let id: Int
    var name: String
}

// The helper's rows go into a VStack, not a selection container: the fix applies.
struct FlavorList: View {
    var flavors: [Flavor]

    var body: some View {
        ScrollView {
            VStack {
                rows
            }
        }
    }

    private var rows: some View {
        ForEach(flavors) { flavor in
            Text(flavor.name)
        }
    }
}
