// bodywork-options: --swift-6
import SwiftUI

extension Tagged: View {
    var body: some View {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return VStack {
            content
            Text(formatter.string(from: date))
        }
    }
}
