import SwiftUI

struct About: View {
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        Text("About")
    }
}
