import SwiftUI

struct PostThumbnail: View {
    let hasNoSelfText: Bool
    let isCompactLayout: Bool

    var body: some View {
        ZStack {
            Rectangle()
                .frame(width: 80, height: 60)
            VStack {
                if hasNoSelfText || isCompactLayout {
                    Image(systemName: "link.circle.fill")
                        .font(.title)
                } else {
                    Image(systemName: "bubble.left.and.bubble.right.fill")
                        .font(.title)
                }
            }
        }
    }
}
