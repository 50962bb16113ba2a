// Must NOT type-check: a plain property of an @Observable class has no `$` bindings.
import SwiftUI

@Observable final class Draft {
    var title = ""
}

struct DraftEditor: View {
    var draft: Draft
    var body: some View {
        TextField("Title", text: $draft.title)
    }
}
