import SwiftUI

struct Panel<Body2: SwiftUI.View>: View {
    @ViewBuilder private var content: Body2
    let title: String

    init(title: String, @ViewBuilder builder: () -> Body2) {
        self.title = title
        self.content = builder()
    }

    var body: some View {
        VStack {
            Text(title)
            content
        }
    }
}
