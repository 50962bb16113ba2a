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
        ForEach((0..<10).filter { index in index % 2 == 0 }, id: \.self) { index in
            Text("\(index)")
        }
    }
}
