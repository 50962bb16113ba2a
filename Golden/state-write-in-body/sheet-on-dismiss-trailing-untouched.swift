import SwiftUI

struct Item: Identifiable {
    let id: Int
}

struct DetailView: View {
    @State private var selection: Item?
    @State private var isCovering = false
    @State private var dismissals = 0

    var body: some View {
        Text("Items")
            .sheet(item: $selection) {
                dismissals += 1
            } content: { item in
                Text("\(item.id)")
            }
            .fullScreenCover(isPresented: $isCovering) {
                dismissals = 0
            } content: {
                Text("Cover")
            }
    }
}
