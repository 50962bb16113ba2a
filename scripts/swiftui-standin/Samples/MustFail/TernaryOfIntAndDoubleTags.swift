// Must NOT type-check as the same tag type: `1` and `1.5` in one ternary are both
// `Double`, so a `tag(_:)` of `Int` selection no longer matches (a generic parameter).
import SwiftUI

struct Broken: View {
    let isHalf: Bool

    var body: some View {
        let tagged: Int = isHalf ? 1 : 1.5
        Text("a").tag(tagged)
    }
}
