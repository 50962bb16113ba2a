import SwiftUI

struct Card: View {
    /// Kept for the dark-mode border we bring back next.
    @Environment(\.colorScheme) private var colorScheme
    let title: String

    var body: some View {
        Text(title)
    }
}
