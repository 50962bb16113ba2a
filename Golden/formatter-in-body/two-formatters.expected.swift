// bodywork-options: --swift-6
import SwiftUI

struct OrderRow: View {
    let placed: Date
    let total: Double

    private static let mediumDateFormatter: DateFormatter = {
        let dates = DateFormatter()
        dates.dateStyle = .medium
        return dates
    }()

    private static let currencyFormatter: NumberFormatter = {
        let numbers = NumberFormatter()
        numbers.numberStyle = .currency
        numbers.currencyCode = "USD"
        return numbers
    }()

    var body: some View {
        return HStack {
            Text(Self.mediumDateFormatter.string(from: placed))
            Text(Self.currencyFormatter.string(from: NSNumber(value: total)) ?? "")
        }
    }
}
