import SwiftUI

struct Box<Content: View>: View {
    @ViewBuilder let content: Content

    var body: some View {
        ZStack { content }
    }
}

struct BoxUser: View {
    let label: () -> Text = { Text("Label") }

    var body: some View {
        VStack {
            Box(content: label)
            Box { Text("Inline") }
            Box(content: { Text("Argument") })
        }
    }
}
