import SwiftUI

struct StatusIcon: View {
    let isOnline: Bool
    let count: Int
    let isExpanded: Bool

    var body: some View {
        HStack {
            if isOnline {
                Image(systemName: "circle.fill").opacity(1).disabled(false)
            } else {
                Image(systemName: "circle.fill").opacity(0.4).disabled(true)
            }
            if count > 3 || isExpanded {
                Text("More").bold(true)
            } else {
                Text("More").bold(false)
            }
            if !isExpanded {
                Text("Less").bold(false)
            } else {
                Text("Less").bold(true)
            }
        }
    }
}
