// bodywork-options: --swift-6
import SwiftUI

// A measured size changes on a resize, not on every frame of a scroll; a written
// comparison changes only when the threshold is crossed.
struct Measured: View {
    @State private var height: CGFloat = 0
    @State private var bottomInset: CGFloat = 0
    @State private var isScrolled = false

    var body: some View {
        ScrollView {
            Text("\(height)")
                .onGeometryChange(for: CGFloat.self) { proxy in
                    proxy.size.height
                } action: { newHeight in
                    height = newHeight
                }
            Color.clear
                .onGeometryChange(for: CGFloat.self, of: \.safeAreaInsets.bottom) { inset in
                    bottomInset = inset
                }
        }
        .onScrollGeometryChange(for: CGFloat.self, of: { geometry in geometry.contentOffset.y }, action: { _, offset in
            isScrolled = offset > 40
        })
    }
}
