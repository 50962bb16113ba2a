import SwiftUI

struct Profile: View {
    let name: String

    var body: some View {
        AnyView(
            VStack {
                Text(name)
                Text("Profile")
            }
        )
    }
}
