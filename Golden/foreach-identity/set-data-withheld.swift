import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    let tags: Set<Item>

    var body: some View {
        VStack {
            ForEach(Array(tags.enumerated()), id: \.offset) { index, tag in
                Text(tag.name)
            }
        }
    }
}
