import SwiftUI

struct Profile: View {
    let name: String

    var body: some View {
        VStack {
            Text(name)
            Text("Profile")
        }
    }
}
