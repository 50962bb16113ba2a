import SwiftUI

// A string is its own identity here: `id: \.self` and `ForEach(names)` are the same rows.
extension String: Identifiable {
    public var id: Self { self }
}

struct NamesView: View {
    let names: [String]

    var body: some View {
        List {
            ForEach(names, id: \.self) { name in
                Text(name)
            }
        }
    }
}
