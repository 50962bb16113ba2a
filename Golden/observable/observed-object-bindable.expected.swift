// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Draft {
    var title = ""
    var isPublic = false
}

struct DraftForm: View {
    @Bindable private(set) var draft: Draft

    var body: some View {
        Form {
            TextField("Title", text: $draft.title)
            Toggle("Public", isOn: $draft.isPublic)
        }
    }
}
