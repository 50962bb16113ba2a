import SwiftUI

struct Card: View {
    var isHighlighted: Bool

    var body: some View {
        VStack {
            Text("Card")
        }
        .if(isHighlighted) { card in
            card.padding(8)
        }
    }
}
