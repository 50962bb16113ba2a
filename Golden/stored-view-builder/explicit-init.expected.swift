import SwiftUI

struct SettingsForm<Content>: View where Content: View {
    @ViewBuilder let content: Content

    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    var body: some View {
        ScrollView {
            self.content
                .padding()
        }
    }
}
