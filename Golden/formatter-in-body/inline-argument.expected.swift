// bodywork-options: --swift-6
import SwiftUI

struct AmountField: View {
    @State private var amount: Double = 0

    private static let numberFormatter = NumberFormatter()

    var body: some View {
        TextField("Amount", value: $amount, formatter: Self.numberFormatter)
    }
}
