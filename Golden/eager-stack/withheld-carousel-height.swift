// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct CardsView: View {
    let cards: [String]

    var body: some View {
        VStack {
            Text("Cards")
            ScrollView(.horizontal) {
                HStack(spacing: 12) {
                    ForEach(cards, id: \.self) { card in
                        Image(card)
                    }
                }
            }
            Spacer()
        }
    }
}
