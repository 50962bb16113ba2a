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
            ForEach(transfers.filter { transfer in
                transfer.isOutgoing
                    && transfer.amountInCents >= minimumAmountInCents
                    && !transfer.counterpartyName.isEmpty
                    && transfer.counterpartyName.count < 40
            }) { transfer in
                Text(transfer.counterpartyName)
            }
        }
    }
}
