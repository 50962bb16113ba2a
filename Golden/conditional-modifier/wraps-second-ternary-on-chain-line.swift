import SwiftUI

struct AccountBadge: View {
    let handle: String
    let isVerifiedAccount: Bool

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "person.crop.circle")
            if isVerifiedAccount {
                Text(handle).font(.headline).foregroundColor(Color.accentColor).lineLimit(1).padding(.trailing, 2)
            } else {
                Text(handle).font(.subheadline).foregroundColor(Color.secondary).lineLimit(1).padding(.trailing, 2)
            }
        }
    }
}
