// bodywork-options: --swift-6
import SwiftUI

struct Receipt: View {
    let total: Double
    let date: Date

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }()

    private var dateText: String {
        Self.formatter.string(from: date)
    }

    var body: some View {
        VStack {
            Text(dateText)
            Text(Self.formatter.string(from: date))
        }
    }
}
