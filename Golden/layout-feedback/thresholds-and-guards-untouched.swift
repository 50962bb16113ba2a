// bodywork-options: --swift-6
import SwiftUI

struct Header: View {
    @State private var isScrolled = false
    @State private var height: CGFloat = 0
    @State private var width: CGFloat = 0
    private var cache: [CGFloat] = []

    var body: some View {
        ScrollView {
            Text(isScrolled ? "Scrolled" : "Top")
                .onGeometryChange(for: CGFloat.self) { proxy in
                    proxy.size.height
                } action: { newHeight in
                    if abs(newHeight - height) > 8 {
                        height = newHeight
                    }
                }
                .onGeometryChange(for: CGFloat.self) { proxy in
                    proxy.size.width.rounded()
                } action: { newWidth in
                    width = newWidth
                }
                .onGeometryChange(for: Bool.self) { proxy in
                    proxy.frame(in: .global).minY < 0
                } action: { scrolled in
                    isScrolled = scrolled
                }
        }
        .onScrollGeometryChange(for: CGFloat.self, of: { $0.contentOffset.y }, action: { _, y in
            print(y)
        })
    }
}
