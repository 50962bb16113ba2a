import SwiftUI

// Two localized `String` values: their ternary is a `String` too, so `Label` and `Text`
// take the same initializer as for each alone. (String literals are another matter: see
// withheld-localized-strings.)
struct QueueControls: View {
    let isPaused: Bool

    var body: some View {
        if isPaused {
            Label(NSLocalizedString("RESUME", comment: ""), systemImage: "play.fill")
        } else {
            Label(NSLocalizedString("PAUSE", comment: ""), systemImage: "pause.fill")
        }
        if isPaused {
            Text(String(localized: "Paused"))
        } else {
            Text(String(localized: "Running"))
        }
    }
}
