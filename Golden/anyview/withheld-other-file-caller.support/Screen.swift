import SwiftUI

struct Screen: View {
    let cards: [Card]

    var body: some View {
        let views: [AnyView] = cards.map { $0.makeView() }
        Text("\(views.count)")
    }
}
