import SwiftUI

struct ReactionButton: View {
    let isOpen: Bool
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Group {
                Image(systemName: isOpen ? "xmark" : "hand.thumbsup")
            }
            .frame(width: 80, height: 80)
        }
    }
}
