import SwiftUI

struct StatusRow: View {
    let isLive: Bool
    let title: String

    var body: some View {
        HStack {
            badge()
            Text(title)
        }
    }

    private func badge() -> AnyView {
        if isLive {
            return AnyView(Image(systemName: "dot.radiowaves.left.and.right"))
        } else if title.isEmpty {
            return AnyView(EmptyView())
        } else {
            return AnyView(Text("Offline").foregroundColor(.secondary))
        }
    }
}
