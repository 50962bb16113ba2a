import SwiftUI

struct Frame: View {
    let content: () -> AnyView

    var body: some View {
        content()
    }
}

struct Screen: View {
    var body: some View {
        Frame { title() }
    }

    private func title() -> AnyView {
        AnyView(Text("Title"))
    }
}
