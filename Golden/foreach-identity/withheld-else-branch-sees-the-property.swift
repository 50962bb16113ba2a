import SwiftUI

struct Caption: Hashable {
    var name: String
}

struct Order: Identifiable {
    let id: UUID
    var title: String
}

struct OrdersView: View {
    let orders: [Caption]
    let pending: [Order]?

    var body: some View {
        if let orders = pending {
            Text("\(orders.count) pending")
        } else {
            ForEach(orders.indices, id: \.self) { i in
                Text(orders[i].name)
            }
        }
    }
}
