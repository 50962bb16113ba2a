import SwiftUI

struct Currency: Hashable {
    var code: String
    var isSupported: Bool
}

struct CurrencyPickerList: View {
    let availableCurrencies: [Currency]

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(availableCurrencies, id: \.code) { currency in
                if currency.isSupported && currency.code.count == 3 {
                    Text(currency.code)
                }
            }
        }
    }
}
