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

struct ContentHeightKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = max(value, nextValue()) }
}

struct Expandable: View {
    @State private var contentHeight: CGFloat = 0

    var body: some View {
        Text("More")
            .background {
                GeometryReader { proxy in
                    Color.clear.preference(key: ContentHeightKey.self, value: proxy.size.height)
                }
            }
            .onPreferenceChange(ContentHeightKey.self) { height in
                contentHeight = height
            }
    }
}
