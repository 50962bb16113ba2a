import SwiftUI

struct Toggle2: View {
    let on: Bool

    var body: some View {
        on ? onView() : offView()
    }

    private func onView() -> AnyView {
        AnyView(Text("On"))
    }

    private func offView() -> AnyView {
        AnyView(Image(systemName: "xmark"))
    }
}
