import SwiftUI

struct Caption: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\EnvironmentValues.locale) private var locale
    let text: String

    var body: some View {
        Text(text)
    }
}
