import SwiftUI

struct Banner: View {
    @Environment(\.colorScheme) var Scheme

    var body: some View {
        Text("Banner")
    }
}
