// bodywork-options: --unsafe-fixes
import SwiftUI

// Another file declares a property of the same name: a declaration is not a read, so this
// unused one goes now, as it would once the other file's had gone.
struct Settings: View {
    var body: some View {
        Text("Settings")
    }
}
