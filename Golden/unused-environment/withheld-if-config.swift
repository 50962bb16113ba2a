import SwiftUI

struct Toolbar: View {
    #if DEBUG
    @Environment(\.timeZone) private var timeZone
    #endif
    let title: String

    var body: some View {
        Text(title)
    }
}
