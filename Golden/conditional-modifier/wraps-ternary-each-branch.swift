import SwiftUI

struct WidthIndicator: View {
    let isCompact: Bool

    var body: some View {
        VStack {
            if isCompact {
                Image(systemName: "arrowtriangle.right.and.line.vertical.and.arrowtriangle.left.fill")
                    .foregroundColor(.red)
            } else {
                Image(systemName: "arrow.up.left.and.down.right.and.arrow.up.right.and.down.left.and.circle")
                    .foregroundColor(.green)
            }
        }
    }
}
