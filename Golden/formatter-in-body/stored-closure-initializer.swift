// bodywork-options: --swift-6
import SwiftUI

struct PriceTag: View {
    let price: Double

    private let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = "EUR"
        return formatter
    }()

    var body: some View {
        Text(formatter.string(from: NSNumber(value: price)) ?? "")
    }
}
