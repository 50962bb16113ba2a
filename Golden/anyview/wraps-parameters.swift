import SwiftUI

struct Inbox: View {
    let titles: [String]

    var body: some View {
        VStack {
            ForEach(titles, id: \.self) { title in
                messageRow(for: title, isHighlightedBecauseUnread: true, showsSenderAvatarImage: false)
            }
        }
    }

    private func messageRow(for title: String, isHighlightedBecauseUnread: Bool, showsSenderAvatarImage: Bool) -> AnyView {
        return AnyView(Text(title).bold(isHighlightedBecauseUnread))
    }
}
