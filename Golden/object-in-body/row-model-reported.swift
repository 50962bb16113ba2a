import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
}

final class RowModel: ObservableObject {
    @Published var name: String
    init(item: Item) { name = item.name }
}

struct Row: View {
    @ObservedObject var model: RowModel
    var body: some View { Text(model.name) }
}

struct ItemsView: View {
    var items: [Item]

    var body: some View {
        List(items) { item in
            Row(model: RowModel(item: item))
        }
    }
}
