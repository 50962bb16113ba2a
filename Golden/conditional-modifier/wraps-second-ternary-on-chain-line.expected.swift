import SwiftUI

struct AccountBadge: View {
    let handle: String
    let isVerifiedAccount: Bool

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "person.crop.circle")
            Text(handle).font(isVerifiedAccount ? .headline : .subheadline).foregroundColor(isVerifiedAccount
                ? Color.accentColor : Color.secondary).lineLimit(1).padding(.trailing, 2)
        }
    }
}
