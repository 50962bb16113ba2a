import SwiftUI

struct AccountBadge: View {
    let handle: String
    let isVerified: Bool

    var body: some View {
        HStack(spacing: 4) {
            Text(handle).font(isVerified ? .headline : .body).foregroundColor(isVerified ? .primary : .secondary)
        }
    }
}
