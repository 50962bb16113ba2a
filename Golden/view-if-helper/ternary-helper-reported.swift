import SwiftUI

extension SwiftUI.View {
    func applying<Modified: View>(when condition: Bool, _ transform: (Self) -> Modified) -> some View {
        condition ? AnyView(transform(self)) : AnyView(self)
    }
}

struct Badge: View {
    var count: Int

    var body: some View {
        Text("\(count)")
            .applying(when: count > 99) { $0.font(.caption) }
    }
}
