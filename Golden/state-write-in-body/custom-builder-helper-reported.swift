import SwiftUI

// A custom container's `@ViewBuilder` content runs while `body` is evaluated: a helper it
// calls that writes state is reported.
struct Card<Content: View>: View {
    @ViewBuilder let content: Content

    var body: some View {
        VStack { content }.padding()
    }
}

struct ScoreView: View {
    @State private var renders = 0

    var body: some View {
        Card {
            score()
        }
    }

    private func score() -> some View {
        renders += 1
        return Text("\(renders)")
    }
}
