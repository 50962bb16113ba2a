// bodywork-options: --unsafe-fixes
import SwiftUI

struct Row: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.locale) private var locale
    let title: String

    var body: some View {
        Text(title)
            .environment(\.locale, locale)
    }
}
