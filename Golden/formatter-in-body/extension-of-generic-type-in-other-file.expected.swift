// bodywork-options: --swift-6
import SwiftUI

@MainActor private let shortTimeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.timeStyle = .short
    return formatter
}()

extension Tagged: View {
    var body: some View {
        return VStack {
            content
            Text(shortTimeFormatter.string(from: date))
        }
    }
}
