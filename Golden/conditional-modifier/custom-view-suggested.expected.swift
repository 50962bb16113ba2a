// bodywork-options: --unsafe-fixes
import SwiftUI

struct Badge: View {
    let count: Int
    @State private var isPulsing = false

    var body: some View {
        Text("\(count)")
    }
}

struct InboxHeader: View {
    let unread: Int
    let isCompact: Bool

    var body: some View {
        Badge(count: unread).padding(isCompact ? 4 : 12)
    }
}
