// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Player {
    var name = ""
    var score = 0
}

struct ScoreRow: View {
    var player: Player

    var body: some View {
        HStack {
            Text(player.name)
            Text("\(player.score)")
        }
    }
}

struct Board: View {
    @State private var player = Player()

    var body: some View {
        ScoreRow(player: player)
    }
}
