import SwiftUI

struct Card {
    let title: String

    func makeView() -> AnyView {
        AnyView(Text(title))
    }
}
