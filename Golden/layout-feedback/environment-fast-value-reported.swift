import SwiftUI

struct ScrollOffsetKey: EnvironmentKey {
    static let defaultValue: CGFloat = 0
}

extension EnvironmentValues {
    var scrollOffset: CGFloat {
        get { self[ScrollOffsetKey.self] }
        set { self[ScrollOffsetKey.self] = newValue }
    }
}

struct Content: View {
    @State private var offset: CGFloat = 0
    @State private var isCompact = false

    var body: some View {
        ScrollView {
            Text("Rows")
                .environment(\.scrollOffset, offset)
                .environment(\.isEnabled, !isCompact)
        }
        .onScrollGeometryChange(for: CGFloat.self) { geometry in
            geometry.contentOffset.y
        } action: { _, newValue in
            offset = newValue
        }
    }
}

struct Measured: View {
    var body: some View {
        GeometryReader { proxy in
            Text("Inside")
                .environment(\.scrollOffset, proxy.size.width)
        }
    }
}
