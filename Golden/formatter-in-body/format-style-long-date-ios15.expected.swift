// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    private static let longDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter
    }()

    var body: some View {
        return VStack {
            Text(Self.longDateFormatter.string(from: date))
            Text("Ends \(Self.longDateFormatter.string(from: date.addingTimeInterval(3600)))")
        }
    }
}
