import SwiftUI

struct Settings: View {
    @Environment(\.colorScheme) var colorScheme

    var body: some View {
        themeLabel
    }
}
