import SwiftUI

// Sets the source states as small: a `let` written out, a bounded prefix.
struct Swatches: View {
    let colors: [(String, Color)] = [("Red", .red), ("Green", .green), ("Blue", .blue)]
    let recent: [String]

    var body: some View {
        VStack {
            ScrollView(.horizontal) {
                HStack {
                    ForEach(colors, id: \.0) { name, color in
                        Text(name).foregroundColor(color)
                    }
                }
            }
            ScrollView(.horizontal) {
                HStack {
                    ForEach(recent.prefix(5), id: \.self) { item in
                        Text(item)
                    }
                }
            }
        }
    }
}
