import SwiftUI

struct NameList: View {
    let names: [String]

    var body: some View {
        VStack {
            ForEach(names, id: \.self) { name in
                Text(name)
            }
        }
    }
}
