import SwiftUI

extension AnyView {
    func boxed() -> AnyView {
        self
    }
}

struct Boxed: View {
    var body: some View {
        label().boxed()
    }

    private func label() -> AnyView {
        AnyView(Text("Boxed"))
    }
}
