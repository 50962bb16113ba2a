// bodywork-options: --swift-6
import SwiftUI

struct Receipt: View {
    let total: Double
    let date: Date

    private var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.dateStyle = .short
        return formatter
    }

    private var dateText: String {
        formatter.string(from: date)
    }

    var body: some View {
        VStack {
            Text(dateText)
            Text(self.formatter.string(from: date))
        }
    }
}
