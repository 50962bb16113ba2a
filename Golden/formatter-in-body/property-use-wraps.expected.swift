// bodywork-options: --swift-6
import SwiftUI

struct Receipt: View {
    let total: Double
    let purchaseDate: Date

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }()

    var body: some View {
        VStack {
            Text(String(
                format: "%@ – %@",
                Self.formatter.string(from: purchaseDate),
                Self.formatter.string(from: purchaseDate.addingTimeInterval(60))
            ))
        }
    }
}
