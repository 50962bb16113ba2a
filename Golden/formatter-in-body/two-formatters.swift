// bodywork-options: --swift-6
import SwiftUI

struct OrderRow: View {
    let placed: Date
    let total: Double

    var body: some View {
        let dates = DateFormatter()
        dates.dateStyle = .medium
        let numbers = NumberFormatter()
        numbers.numberStyle = .currency
        numbers.currencyCode = "USD"
        return HStack {
            Text(dates.string(from: placed))
            Text(numbers.string(from: NSNumber(value: total)) ?? "")
        }
    }
}
