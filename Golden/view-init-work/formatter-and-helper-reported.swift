import SwiftUI

struct Price: View {
    let text: String
    let note: String

    init(amount: Double, code: String) {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        text = formatter.string(from: NSNumber(value: amount)) ?? ""
        note = Price.describe(code)
    }

    static func describe(_ code: String) -> String { "in " + code }

    var body: some View {
        VStack {
            Text(text)
            Text(note)
        }
    }
}
