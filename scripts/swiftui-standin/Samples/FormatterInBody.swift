// Sample: formatters created in `body`, and the FormatStyle forms that replace them.
import SwiftUI

struct EventRow: View {
    let date: Date
    let price: Double
    let count: Int
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    @Environment(\.calendar) private var calendar
    @State private var amount: Double = 0

    static let sharedFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        let formatter = DateFormatter()
        let numbers = NumberFormatter()
        VStack(alignment: .leading, spacing: 4) {
            Text(formatter.string(from: date))
            Text(numbers.string(from: NSNumber(value: price)) ?? "")
            Text(date, formatter: Self.sharedFormatter)
            Text("\(date, formatter: Self.sharedFormatter)")
            Text(date, style: .relative)
            Text(date, format: .dateTime.year().month().day())
            Text(date.formatted(date: .abbreviated, time: .shortened))
            Text(price, format: .currency(code: "USD"))
            Text(price, format: .number.precision(.fractionLength(2)))
            Text(count, format: .number)
            Text("\(price, format: .percent) of \(count)")
            Text("\(count) items, \(price, specifier: "%.2f")")
            Text(verbatim: locale.identifier + timeZone.identifier)
            TextField("Amount", value: $amount, formatter: numbers)
            TextField("Amount", value: $amount, format: .number)
        }
        .font(.headline)
    }
}
