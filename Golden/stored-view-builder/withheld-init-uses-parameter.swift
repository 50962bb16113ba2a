import SwiftUI

struct Logged<Content: View>: View {
    let content: () -> Content
    let preview: Content

    init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
        self.preview = content()
    }

    var body: some View {
        VStack {
            content()
            preview
        }
    }
}
