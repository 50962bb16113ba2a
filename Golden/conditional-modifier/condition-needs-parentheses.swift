import SwiftUI

struct Compact: View {
    let isCompact: Bool
    let showsSmall: Bool
    let showsLarge: Bool

    var body: some View {
        if isCompact ? showsSmall : showsLarge {
            Circle().frame(width: 8)
        } else {
            Circle().frame(width: 16)
        }
    }
}
