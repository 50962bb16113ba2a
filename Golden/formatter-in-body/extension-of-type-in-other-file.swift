// bodywork-options: --swift-6
import SwiftUI

extension Badge: View {
    var body: some View {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        return Text(formatter.string(from: date))
    }
}
