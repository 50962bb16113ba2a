import SwiftUI

struct Tag: Identifiable {
    let id: UUID
    var name: String

    init(name: String) {
        self.id = UUID()
        self.name = name
    }
}

struct TagCloud: View {
    let tags: [Tag]

    var body: some View {
        HStack {
            ForEach(tags.indices, id: \.self) { i in
                Text(tags[i].name)
            }
        }
    }
}

struct TagsScreen: View {
    let names: [String]

    var body: some View {
        TagCloud(tags: names.map { Tag(name: $0) })
    }
}
