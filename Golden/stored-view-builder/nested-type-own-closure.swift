import SwiftUI

struct Shelf<Content: View>: View {
    let content: () -> Content

    var body: some View {
        VStack {
            content()
            Footer(content: { Text("Footer") })
        }
    }

    struct Footer: View {
        let content: () -> Text

        var body: some View {
            content()
        }
    }
}
