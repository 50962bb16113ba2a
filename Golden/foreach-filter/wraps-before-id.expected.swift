import SwiftUI

struct Currency: Hashable {
    var code: String
    var isSupported: Bool
}

struct CurrencyPickerList: View {
    let availableCurrencies: [Currency]

    var body: some View {
        VStack(alignment: .leading) {
            ForEach(
                availableCurrencies.filter { currency in currency.isSupported && currency.code.count == 3 },
                id: \.code
            ) { currency in
                Text(currency.code)
            }
        }
    }
}
