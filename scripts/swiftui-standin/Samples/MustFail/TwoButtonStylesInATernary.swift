// Must NOT type-check: `.plain` and `.bordered` are two types of button style, so no
// ternary holds both; an `if`/`else` over them is not conditional-modifier's to merge.
import SwiftUI

struct Broken: View {
    let primary: Bool

    var body: some View {
        Button("Go") {}
            .buttonStyle(primary ? .bordered : .plain)
    }
}
