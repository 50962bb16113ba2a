// bodywork-options: --min-ios 17 --unsafe-fixes
import SwiftUI

struct Theme {
    let accent = Color.orange
}

struct Caption: View {
    let text: String
    let isActive: Bool
    let theme = Theme()

    var body: some View {
        if isActive {
            Text(text).foregroundStyle(theme.accent)
        } else {
            Text(text).foregroundStyle(.secondary)
        }
    }
}
