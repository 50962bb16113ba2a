import SwiftUI

struct Styled<Content: View>: View {
    var content: Content

    @ViewBuilder func apply<Modified: View>(_ condition: Bool, transform: (Content) -> Modified) -> some View {
        if condition { transform(content) } else { content }
    }

    var body: some View {
        apply(true) { $0.padding(4) }
    }
}
