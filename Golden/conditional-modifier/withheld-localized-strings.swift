// bodywork-options: --unsafe-fixes
import SwiftUI

struct ChallengeHeader: View {
    let hasPlayed: Bool

    var body: some View {
        if hasPlayed {
            Label("View results", systemImage: "chart.bar")
        } else {
            Label("Play now", systemImage: "play")
        }
    }
}
