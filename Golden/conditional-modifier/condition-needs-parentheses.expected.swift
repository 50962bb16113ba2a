import SwiftUI

struct Compact: View {
    let isCompact: Bool
    let showsSmall: Bool
    let showsLarge: Bool

    var body: some View {
        Circle().frame(width: (isCompact ? showsSmall : showsLarge) ? 8 : 16)
    }
}
