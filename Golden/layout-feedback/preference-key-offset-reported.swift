import SwiftUI

struct ScrollOffsetKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

struct MeasuredKey: PreferenceKey {
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

struct TitleKey: PreferenceKey {
    static let defaultValue: String = ""
    static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
}

struct Page: View {
    @State private var offset: CGFloat = 0
    @State private var measured: CGFloat = 0
    @State private var title = ""

    var body: some View {
        ScrollView {
            Text(title)
                .background {
                    GeometryReader { proxy in
                        Color.clear.preference(key: ScrollOffsetKey.self, value: proxy.frame(in: .global).minY)
                    }
                }
        }
        .onPreferenceChange(ScrollOffsetKey.self) { value in
            offset = value
        }
        .onPreferenceChange(MeasuredKey.self, perform: { measured = $0 })
        .onPreferenceChange(TitleKey.self) { title = $0 }
    }
}
