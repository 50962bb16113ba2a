import SwiftUI

struct ExpandableSettingsRow<TrailingAccessory: View, ExpandedContent: View>: View {
    let title: String
    @ViewBuilder
    fileprivate let trailingAccessoryViewShownNextToTheRowTitleWhileTheSettingsRowIsCollapsed: TrailingAccessory
    @ViewBuilder let expandedContent: ExpandedContent
    @State private var isExpanded = false

    var body: some View {
        VStack(alignment: .leading) {
            HStack {
                Text(title)
                Spacer()
                trailingAccessoryViewShownNextToTheRowTitleWhileTheSettingsRowIsCollapsed
            }
            .onTapGesture { isExpanded.toggle() }
            VStack {
                expandedContent
            }
            .frame(maxHeight: isExpanded ? nil : 0)
            .clipped()
        }
    }
}

struct ExpandableSettingsRowUser: View {
    var body: some View {
        ExpandableSettingsRow(title: "Sync") {
            Image(systemName: "arrow.triangle.2.circlepath")
        } expandedContent: {
            Text("Every hour")
        }
    }
}
