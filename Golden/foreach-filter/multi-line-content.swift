import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct ItemsView: View {
    var items: [Item]
    var body: some View {
        VStack {
            ForEach(items) { item in
                if item.isVisible {
                    HStack {
                        Text(item.name)
                            .font(.headline)
                        Text("\(item.count)")
                    }
                    .padding()
                }
            }
        }
    }
}
