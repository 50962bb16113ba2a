import SwiftUI

struct Tile<Content: View>: View {
    let content: () -> Content

    var body: some View {
        content()
            .padding()
    }
}
