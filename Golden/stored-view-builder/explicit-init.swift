import SwiftUI

struct SettingsForm<Content>: View where Content: View {
    let content: () -> Content

    init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }

    var body: some View {
        ScrollView {
            self.content()
                .padding()
        }
    }
}
