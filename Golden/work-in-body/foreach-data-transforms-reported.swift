import SwiftUI

struct NamesView: View {
    var names: [String]

    var body: some View {
        VStack {
            ForEach(names.map { $0.uppercased() }, id: \.self) { name in
                Text(name)
            }
            ForEach(Array(names.enumerated()).map { $0.element }, id: \.self) { name in
                Text(name)
            }
            List(names.shuffled(), id: \.self) { name in
                Text(name)
            }
            // Outside a ForEach's data a map is a cheap projection and is not reported.
            Text(names.map { $0.lowercased() }.joined(separator: ", "))
        }
    }
}
