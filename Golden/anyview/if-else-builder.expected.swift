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

    @ViewBuilder
    private func badge() -> some View {
        if isLive {
            Image(systemName: "dot.radiowaves.left.and.right")
        } else if title.isEmpty {
            EmptyView()
        } else {
            Text("Offline").foregroundColor(.secondary)
        }
    }
}
