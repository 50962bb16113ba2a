import SwiftUI

struct WidthIndicator: View {
    let isCompact: Bool

    var body: some View {
        VStack {
            Image(systemName: isCompact
                ? "arrowtriangle.right.and.line.vertical.and.arrowtriangle.left.fill"
                : "arrow.up.left.and.down.right.and.arrow.up.right.and.down.left.and.circle")
                .foregroundColor(isCompact ? .red : .green)
        }
    }
}
