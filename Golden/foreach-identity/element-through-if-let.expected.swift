import SwiftUI

struct Order: Identifiable {
    let id: UUID
    var title: String
}

final class OrderStore: ObservableObject {
    @Published var orders: [Order]?
}

struct OrdersView: View {
    @ObservedObject var store: OrderStore

    var body: some View {
        if let orders = store.orders {
            List {
                ForEach(orders) { order in
                    Text(order.title)
                }
            }
        } else {
            ProgressView()
        }
    }
}
