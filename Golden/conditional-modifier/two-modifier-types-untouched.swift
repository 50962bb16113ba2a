import SwiftUI

// Values made by two differently named types are two types of view in any case: no ternary
// can hold both, so the `if`/`else` is not reported. The same type with other arguments is.
struct BigShadow: ViewModifier {
    func body(content: Content) -> some View { content.shadow(radius: 8) }
}

struct SmallShadow: ViewModifier {
    func body(content: Content) -> some View { content.shadow(radius: 2) }
}

struct Cover: View {
    let big: Bool

    var body: some View {
        if big {
            Rectangle()
                .modifier(BigShadow())
        } else {
            Rectangle()
                .modifier(SmallShadow())
        }
    }
}
