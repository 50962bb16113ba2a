// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

struct EventRow: View {
    let date: Date

    var body: some View {
        return VStack {
            Text(date.formatted(date: .long, time: .omitted))
            Text("Ends \(date.addingTimeInterval(3600).formatted(date: .long, time: .omitted))")
        }
    }
}
