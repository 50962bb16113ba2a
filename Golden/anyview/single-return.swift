import SwiftUI

struct Header: View {
    let title: String

    var body: some View {
        VStack {
            titleView
                .padding()
            Divider()
        }
    }

    /// The title, large.
    var titleView: AnyView {
        return AnyView(Text(title).font(.largeTitle))
    }
}
