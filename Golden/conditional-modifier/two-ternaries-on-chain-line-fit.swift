import SwiftUI

struct AccountBadge: View {
    let handle: String
    let isVerified: Bool

    var body: some View {
        HStack(spacing: 4) {
            if isVerified {
                Text(handle).font(.headline).foregroundColor(.primary)
            } else {
                Text(handle).font(.body).foregroundColor(.secondary)
            }
        }
    }
}
