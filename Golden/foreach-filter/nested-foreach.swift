import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct Section: Identifiable {
    let id: Int
    var items: [Item]
}

struct SectionsView: View {
    var sections: [Section]
    var body: some View {
        ForEach(sections) { section in
            ForEach(section.items) { item in
                if item.isVisible {
                    Text(item.name)
                }
            }
        }
    }
}
