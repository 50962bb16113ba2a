// bodywork-options: --unsafe-fixes
import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct ItemsTable: View {
    var items: [Item]
    var body: some View {
        Table(of: Item.self) {
            TableColumn("Name") { item in Text(item.name) }
        } rows: {
            ForEach(items) { item in
                if item.isPinned {
                    TableRow(item)
                } else {
                    TableRow(item)
                    TableRow(item)
                }
            }
        }
    }
}
