import SwiftUI

struct Transfer: Identifiable {
    let id: String
    let isOutgoing: Bool
    let amountInCents: Int
    let counterpartyName: String
}

struct OutgoingTransfers: View {
    let transfers: [Transfer]
    let minimumAmountInCents: Int

    var body: some View {
        List {
            ForEach(transfers.filter { transfer in
                transfer.isOutgoing && !transfer.counterpartyName.isEmpty && transfer.amountInCents >= minimumAmountInCents
            }) { transfer in
                Text(transfer.counterpartyName)
            }
        }
    }
}
