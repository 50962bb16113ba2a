import SwiftUI

// A custom view's stored `() -> Void` is an action: its memberwise initializer says so.
struct ItemRow: View {
    let title: String
    let onSelect: () -> Void

    var body: some View {
        Text(title).onTapGesture(perform: onSelect)
    }
}

struct ItemList: View {
    var items: [String]
    @State private var selection: String?

    var body: some View {
        VStack {
            ForEach(items, id: \.self) { item in
                ItemRow(title: item) { select(item) }
            }
            ItemRow(title: "None", onSelect: { selection = nil })
        }
    }

    private func select(_ item: String) {
        selection = item
    }
}
