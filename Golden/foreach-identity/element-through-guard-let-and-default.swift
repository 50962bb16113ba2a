import SwiftUI

struct Order: Identifiable, Hashable {
    let id: UUID
    var title: String
}

final class Account {
    var orders: [Order]?
}

final class Session: ObservableObject {
    @Published var account: Account?
}

struct OrdersView: View {
    @ObservedObject var session: Session

    var body: some View {
        VStack {
            ForEach(session.account?.orders ?? [], id: \.self) { order in
                Text(order.title)
            }
            latest()
        }
    }

    private func latest() -> some View {
        guard let orders = session.account?.orders else { return AnyView(EmptyView()) }
        return AnyView(ForEach(Array(orders.enumerated()), id: \.offset) { _, order in
            Text(order.title)
        })
    }
}
