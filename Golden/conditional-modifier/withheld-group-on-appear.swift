import SwiftUI

struct Counted: View {
    let on: Bool
    @State private var shown = 0

    var body: some View {
        // The Group hands `.onAppear` to each branch: it runs again at each flip.
        Group {
            if on {
                Text("x").foregroundColor(.red)
            } else {
                Text("x").foregroundColor(.blue)
            }
        }
        .onAppear { shown += 1 }
    }
}
