import SwiftUI

struct StatusIcon: View {
    let isOnline: Bool
    let count: Int
    let isExpanded: Bool

    var body: some View {
        HStack {
            Image(systemName: "circle.fill").opacity(isOnline ? 1 : 0.4).disabled(!isOnline)
            Text("More").bold(count > 3 || isExpanded)
            Text("Less").bold(isExpanded)
        }
    }
}
