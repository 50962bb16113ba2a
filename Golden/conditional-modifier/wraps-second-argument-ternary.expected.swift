import SwiftUI

struct AvatarFrame: View {
    let imageName: String
    let isShownAsLargeProfileHeader: Bool

    var body: some View {
        VStack {
            Image(systemName: imageName).frame(
                width: isShownAsLargeProfileHeader ? 44 : 28,
                height: isShownAsLargeProfileHeader ? 44 : 28,
                alignment: .center
            ).padding(.horizontal, 16).clipped()
        }
    }
}
