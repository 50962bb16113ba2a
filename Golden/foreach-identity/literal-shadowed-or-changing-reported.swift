import SwiftUI

struct Tag: Identifiable {
    let id: Int
    var name: String
}

struct TagsView: View {
    private let tags = [Tag(id: 1, name: "new"), Tag(id: 2, name: "sale")]
    @State private var pinned = [Tag(id: 3, name: "pinned")]
    var picked: [Tag]

    var body: some View {
        VStack {
            ForEach(0..<pinned.count, id: \.self) { index in
                Text(pinned[index].name)
            }
            row(tags: picked)
        }
    }

    func row(tags: [Tag]) -> some View {
        HStack {
            ForEach(tags.indices, id: \.self) { index in
                Text(tags[index].name)
            }
        }
    }
}
