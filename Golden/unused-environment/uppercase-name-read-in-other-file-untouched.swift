import SwiftUI

struct Badge: View {
    @Environment(\.colorScheme) var Scheme

    var body: some View {
        badgeLabel
    }
}
