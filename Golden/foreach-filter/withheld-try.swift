import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

func check(_ item: Item) throws -> Bool { item.isVisible }

struct TryView: View {
    var items: [Item]
    var body: some View {
        ForEach(items) { item in
            if (try? check(item)) == true {
                Text(item.name)
            }
        }
    }
}
