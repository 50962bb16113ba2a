import SwiftUI

struct PostThumbnail: View {
    let hasNoSelfText: Bool
    let isCompactLayout: Bool

    var body: some View {
        ZStack {
            Rectangle()
                .frame(width: 80, height: 60)
            VStack {
                Image(systemName: hasNoSelfText || isCompactLayout
                    ? "link.circle.fill" : "bubble.left.and.bubble.right.fill")
                    .font(.title)
            }
        }
    }
}
