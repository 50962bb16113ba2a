import SwiftUI

struct Score: View {
    let value: Int

    var body: some View {
        label()
    }

    private func label() -> AnyView {
        func text() -> String { "\(value)" }
        if value > 10 {
            return AnyView(Text(text()).bold())
        } else {
            return AnyView(Text(text()))
        }
    }
}
