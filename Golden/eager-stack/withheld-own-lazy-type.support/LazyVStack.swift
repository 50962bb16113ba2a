import SwiftUI

/// A stack of the app's own that happens to share SwiftUI's name.
struct LazyVStack<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: some View { content }
}
