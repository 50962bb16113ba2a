import SwiftUI

struct PriceTag: View {
    let price: Double
    var formatter = NumberFormatter()

    var body: some View {
        Text(formatter.string(from: NSNumber(value: price)) ?? "")
    }
}
