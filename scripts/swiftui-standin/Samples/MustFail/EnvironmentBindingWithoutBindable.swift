// Must NOT type-check: `@Environment(Type.self)` gives no bindings without `@Bindable`.
import SwiftUI

@Observable final class Profile {
    var name = ""
}

struct ProfileView: View {
    @Environment(Profile.self) private var profile
    var body: some View {
        TextField("Name", text: $profile.name)
    }
}
