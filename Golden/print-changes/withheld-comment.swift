import SwiftUI

struct TitleView: View {
    var body: some View {
        // Why does this re-render when the clock ticks?
        let _ = Self._printChanges()
        Text("title")
    }
}
