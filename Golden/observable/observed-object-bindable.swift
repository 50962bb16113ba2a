// bodywork-options: --min-ios 17
import SwiftUI

final class Draft: ObservableObject {
    @Published var title = ""
    @Published var isPublic = false
}

struct DraftForm: View {
    @ObservedObject private(set) var draft: Draft

    var body: some View {
        Form {
            TextField("Title", text: $draft.title)
            Toggle("Public", isOn: $draft.isPublic)
        }
    }
}
