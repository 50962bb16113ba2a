// Must NOT type-check: `.environmentObject(_:)` takes an ObservableObject only.
import SwiftUI

@Observable final class Profile {
    var user = ""
}

struct Root: View {
    @State private var profile = Profile()
    var body: some View {
        Text(profile.user)
            .environmentObject(profile)
    }
}
