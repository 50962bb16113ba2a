import SwiftUI

struct Badge: View {
    @Environment(\.isEnabled) var isEnabled

    let count: Int

    var body: some View {
        Text("\(count)")
    }
}
