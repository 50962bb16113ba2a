import SwiftUI

// Two button styles are two types: no ternary holds both, so the `if`/`else` that picks
// one is how to write it, and it is not reported.
struct Choice: View {
    let primary: Bool

    var body: some View {
        if primary {
            Button("Go") {}
                .buttonStyle(.bordered)
        } else {
            Button("Go") {}
                .buttonStyle(.plain)
        }
    }
}
