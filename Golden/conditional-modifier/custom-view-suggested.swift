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
        if isCompact {
            Badge(count: unread).padding(4)
        } else {
            Badge(count: unread).padding(12)
        }
    }
}
