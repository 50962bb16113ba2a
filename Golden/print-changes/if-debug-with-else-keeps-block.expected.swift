import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        #if DEBUG
        #else
        Text("release")
        #endif
        Text(title)
    }
}
