// Must NOT type-check: `LazyVStack`, like `VStack`, aligns its children horizontally, so
// `.top` (a `VerticalAlignment`) is not one of its alignments.
import SwiftUI

struct Broken: View {
    var body: some View {
        ScrollView {
            LazyVStack(alignment: .top) {
                Text("a")
            }
        }
    }
}
