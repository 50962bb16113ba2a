// bodywork-options: --swift-6
import SwiftUI

extension Badge: View {
    private static let shortTimeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return formatter
    }()

    var body: some View {
        return Text(Self.shortTimeFormatter.string(from: date))
    }
}
