import SwiftUI

struct NamesView: View {
    let names: [String]

    var body: some View {
        List {
            ForEach(names, id: \.self) { name in
                Text(name)
            }
            ForEach(["a", "b"], id: \.self) { letter in
                Text(letter)
            }
        }
    }
}
