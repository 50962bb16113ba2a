// Must NOT type-check: a ternary of two shape styles of different types (`TintShapeStyle`
// and `HierarchicalShapeStyle`) for a generic `ShapeStyle`; `AnyShapeStyle` is needed.
// (`isWarning ? .red : .secondary` does type-check, as `Color.secondary`: a different
// style than the `HierarchicalShapeStyle.secondary` that `.secondary` alone means.)
import SwiftUI

struct Broken: View {
    let isWarning: Bool

    var body: some View {
        Text("a").foregroundStyle(isWarning ? .tint : .secondary)
    }
}
