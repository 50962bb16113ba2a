import SwiftUI

struct Shelf<Content: View>: View {
    @ViewBuilder let content: Content

    var body: some View {
        VStack {
            content
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
