import SwiftUI

// Two localized `String` values: their ternary is a `String` too, so `Label` and `Text`
// take the same initializer as for each alone. (String literals are another matter: see
// withheld-localized-strings.)
struct QueueControls: View {
    let isPaused: Bool

    var body: some View {
        Label(
            isPaused ? NSLocalizedString("RESUME", comment: "") : NSLocalizedString("PAUSE", comment: ""),
            systemImage: isPaused ? "play.fill" : "pause.fill"
        )
        Text(isPaused ? String(localized: "Paused") : String(localized: "Running"))
    }
}
