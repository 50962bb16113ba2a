// Must NOT type-check: `@Environment(Type.self)` reads an @Observable class, not an ObservableObject.
import SwiftUI

final class Settings: ObservableObject {
    @Published var dark = false
}

struct SettingsView: View {
    @Environment(Settings.self) private var settings
    var body: some View {
        Text(settings.dark ? "dark" : "light")
    }
}
