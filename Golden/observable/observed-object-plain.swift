// bodywork-options: --min-ios 17
import SwiftUI

final class Player: ObservableObject {
    @Published var name = ""
    @Published var score = 0
}

struct ScoreRow: View {
    @ObservedObject var player: Player

    var body: some View {
        HStack {
            Text(player.name)
            Text("\(player.score)")
        }
    }
}

struct Board: View {
    @StateObject private var player = Player()

    var body: some View {
        ScoreRow(player: player)
    }
}
