// bodywork-options: --min-ios 14
import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    @State private var items: [Item] = []

    var body: some View {
        List {
            ForEach(Array(items.enumerated()), id: \.element.id) { i, item in
                TextField("Name", text: $items[i].name)
            }
        }
    }
}
