import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        #if DEBUG
        let _ = Self._printChanges()
        #else
        Text("release")
        #endif
        Text(title)
    }
}
