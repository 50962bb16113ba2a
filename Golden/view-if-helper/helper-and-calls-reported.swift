// bodywork-options: --swift-6
import SwiftUI

extension View {
    @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
        if condition {
            transform(self)
        } else {
            self
        }
    }
}

struct Row: View {
    var title: String
    var isSelected: Bool
    var isPinned: Bool

    var body: some View {
        HStack {
            Text(title)
                .if(isSelected) { $0.bold() }
            Image(systemName: "pin")
                .if(isPinned, transform: { view in view.foregroundStyle(.red) })
        }
    }
}
