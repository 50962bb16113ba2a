import SwiftUI

struct ReactionButton: View {
    let isOpen: Bool
    let action: () -> Void

    var body: some View {
        Button(action: action) {
            Group {
                if !isOpen {
                    Image(systemName: "hand.thumbsup")
                } else {
                    Image(systemName: "xmark")
                }
            }
            .frame(width: 80, height: 80)
        }
    }
}
