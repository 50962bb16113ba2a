import SwiftUI

struct Transfer {
    let reference: String
    let isOutgoing: Bool
    let amountInCents: Int
    let counterpartyName: String
}

struct OutgoingTransfers: View {
    let transfers: [Transfer]
    let minimumAmountInCents: Int

    var body: some View {
        List {
            ForEach(transfers.filter { transfer in transfer.isOutgoing }, id: \.reference) { transfer in
                if transfer.amountInCents >= minimumAmountInCents {
                    Text(transfer.counterpartyName)
                }
            }
        }
    }
}
