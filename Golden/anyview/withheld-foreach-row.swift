import SwiftUI

struct Item: Identifiable {
    let id: Int
    let name: String
}

struct ItemList: View {
    let items: [Item]

    var body: some View {
        List {
            ForEach(items) { item in
                AnyView(Text(item.name))
            }
        }
    }
}
