import SwiftUI

// A class whose Identifiable `id` is the default ObjectIdentifier(self),
// with value-based Hashable.
final class Tag: Identifiable, Hashable {
    let name: String
    init(name: String) { self.name = name }
    static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
    func hash(into h: inout Hasher) { h.combine(name) }
}

struct TagList: View {
    let names: [String]
    // New instances on every evaluation of body.
    var tags: [Tag] { names.map { Tag(name: $0) } }

    var body: some View {
        VStack {
            // `\.self` is stable (by name); `id` changes on every render.
            ForEach(tags, id: \.self) { tag in
                TagChip(tag: tag)
            }
        }
    }
}

struct TagChip: View {
    let tag: Tag
    @State private var expanded = false
    var body: some View {
        Text(tag.name).onTapGesture { expanded.toggle() }
    }
}
