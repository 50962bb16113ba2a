// bodywork-options: --ill-typed
import SwiftUI

// `AsyncButton` comes from another package: nothing the project holds says when its
// closure runs, so a report-only rule stays silent inside it.
struct UploadView: View {
    @State private var uploaded = false

    var body: some View {
        AsyncButton(title: "Upload") {
            uploaded = true
        }
    }
}
