import SwiftUI

struct Compact: View {
    @Environment(\.isEnabled) private var isEnabled; let title: String

    var body: some View {
        Text(title)
    }
}
