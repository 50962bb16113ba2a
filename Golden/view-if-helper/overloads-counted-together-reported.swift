import SwiftUI

extension View {
    @ViewBuilder func `if`<Content: View>(_ condition: Bool, transform: (Self) -> Content) -> some View {
        if condition {
            transform(self)
        } else {
            self
        }
    }

    @ViewBuilder func `if`<Content: View>(
        _ condition: Bool,
        transformIf: (Self) -> Content,
        transformElse: (Self) -> Content
    ) -> some View {
        if condition {
            transformIf(self)
        } else {
            transformElse(self)
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
                .if(isPinned) { $0.foregroundStyle(.red) }
        }
    }
}
