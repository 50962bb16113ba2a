// bodywork-options: --swift-6
import SwiftUI

struct AmountField: View {
    @State private var amount: Double = 0

    var body: some View {
        TextField("Amount", value: $amount, formatter: NumberFormatter())
    }
}
