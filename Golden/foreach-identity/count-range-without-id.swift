import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    @State var items = [Item]()

    var body: some View {
        VStack {
            ForEach(0..<items.count) { index in
                Text(items[index].name)
            }
        }
    }
}
