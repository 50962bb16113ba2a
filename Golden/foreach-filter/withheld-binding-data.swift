import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct EditView: View {
    @Binding var items: [Item]
    var body: some View {
        ForEach($items) { $item in
            if item.isVisible {
                Toggle(item.name, isOn: $item.isPinned)
            }
        }
    }
}
