import SwiftUI

extension Badge {
    var badgeLabel: some View {
        Text(Scheme == .dark ? "Dark" : "Light")
    }
}
