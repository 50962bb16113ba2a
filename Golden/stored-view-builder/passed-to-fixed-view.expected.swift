import SwiftUI

struct Outer<Content: View>: View {
    let content: () -> Content

    var body: some View {
        Inner(content: content)
    }
}

struct Inner<Content: View>: View {
    @ViewBuilder let content: Content

    var body: some View {
        content
    }
}
