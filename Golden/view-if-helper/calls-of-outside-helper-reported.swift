// bodywork-options: --ill-typed
import SwiftUI

// `.if` comes from a package outside the project: each call whose condition can change is
// reported; one whose condition is a constant of the app never flips.
struct Badge: View {
    var isUnread: Bool

    var body: some View {
        VStack {
            Text("New")
                .if(isUnread) { $0.bold() }
            Text("Inbox")
                .if(.tahoe) { $0.padding(2) }
            Text("Sent")
                .if(Platform.isMac) { $0.padding(4) }
            Text("Drafts")
                .if(true) { $0.italic() }
        }
    }
}
