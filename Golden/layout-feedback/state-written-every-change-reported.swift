// bodywork-options: --swift-6
import SwiftUI

struct Reader: View {
    @State private var offset: CGFloat = 0
    @State private var top: CGFloat = 0

    var body: some View {
        ScrollView {
            Text("\(offset)")
                .onGeometryChange(for: CGFloat.self) { proxy in
                    proxy.frame(in: .global).minY
                } action: { newTop in
                    top = newTop
                }
        }
        .onScrollGeometryChange(for: CGFloat.self, of: { geometry in geometry.contentOffset.y }, action: { _, newOffset in
            self.offset = newOffset
        })
    }
}
