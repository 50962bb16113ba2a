import SwiftUI

/// Builds its content only when shown: the caller's closure may rely on that.
struct Reveal<Content: View>: View {
    let isShown: Bool
    @ViewBuilder let content: () -> Content

    var body: some View {
        if isShown {
            content()
        }
    }
}

/// Rows: the content is built once per row, and not at all without rows.
struct Repeated<Content: View>: View {
    let count: Int
    @ViewBuilder let content: () -> Content

    var body: some View {
        ForEach(0..<count, id: \.self) { _ in
            content()
        }
    }
}

struct Parent: View {
    @State private var selection: String?

    var body: some View {
        Reveal(isShown: selection != nil) {
            Text(selection!)
        }
        Repeated(count: selection == nil ? 0 : 1) {
            Text(selection!)
        }
    }
}
