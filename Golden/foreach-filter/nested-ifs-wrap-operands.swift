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
            ForEach(transfers) { transfer in
                if transfer.isOutgoing && !transfer.counterpartyName.isEmpty && transfer.counterpartyName.count < 40 {
                    if transfer.amountInCents >= minimumAmountInCents {
                        Text(transfer.counterpartyName)
                    }
                }
            }
        }
    }
}
