import SwiftUI

// The initializer on one line stays on one line: `content()` adds two columns where
// `@escaping ` leaves.
struct LabeledSettingsGroup<Content: View>: View {
    let title: String
    let content: () -> Content

    init(_ title: String, @ViewBuilder content: @escaping () -> Content) { self.title = title; self.content = content }

    var body: some View {
        VStack(alignment: .leading) {
            Text(title)
            content()
        }
    }
}

struct LabeledSettingsGroupUser: View {
    var body: some View {
        LabeledSettingsGroup("Sync") {
            Text("Every hour")
        }
    }
}
