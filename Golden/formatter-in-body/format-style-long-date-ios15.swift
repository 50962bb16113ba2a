// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return VStack {
            Text(formatter.string(from: date))
            Text("Ends \(formatter.string(from: date.addingTimeInterval(3600)))")
        }
    }
}
