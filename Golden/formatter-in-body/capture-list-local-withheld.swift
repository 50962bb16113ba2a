import SwiftUI

struct LocalLabel: View {
    let date: Date
    @State private var copied = ""

    var body: some View {
        let f = DateFormatter()
        Text(f.string(from: date))
            .onTapGesture { [f] in copied = f.string(from: date) }
    }
}
