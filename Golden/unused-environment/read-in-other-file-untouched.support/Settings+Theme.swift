import SwiftUI

extension Settings {
    var themeLabel: some View {
        Text(colorScheme == .dark ? "Dark" : "Light")
    }
}
