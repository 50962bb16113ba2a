import SwiftUI

struct Transfer: Identifiable {
    let id: Int
    var isOutgoing: Bool
    var amountInCents: Int
    var counterpartyName: String
}

struct TransfersList: View {
    let transfers: [Transfer]
    let minimumAmountInCents: Int

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(transfers) { transfer in
                if transfer.isOutgoing, transfer.amountInCents >= minimumAmountInCents, !transfer.counterpartyName.isEmpty,
                   transfer.counterpartyName.count < 40 {
                    Text(transfer.counterpartyName)
                }
            }
        }
    }
}
