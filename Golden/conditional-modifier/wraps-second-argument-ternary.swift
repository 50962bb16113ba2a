import SwiftUI

struct AvatarFrame: View {
    let imageName: String
    let isShownAsLargeProfileHeader: Bool

    var body: some View {
        VStack {
            if isShownAsLargeProfileHeader {
                Image(systemName: imageName).frame(width: 44, height: 44, alignment: .center).padding(.horizontal, 16).clipped()
            } else {
                Image(systemName: imageName).frame(width: 28, height: 28, alignment: .center).padding(.horizontal, 16).clipped()
            }
        }
    }
}
