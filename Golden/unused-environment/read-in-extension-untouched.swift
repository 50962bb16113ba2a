import SwiftUI

struct Profile: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.dismiss) private var dismiss
    @Environment(\.locale) var locale

    var body: some View {
        VStack {
            header
            Button("Done", action: close)
        }
    }
}

extension Profile {
    private var header: some View {
        Text(colorScheme == .dark ? "Dark" : "Light")
    }

    private func close() {
        self.dismiss()
    }
}

struct Host: View {
    let profile = Profile()

    var body: some View {
        Text(profile.locale.identifier)
    }
}
