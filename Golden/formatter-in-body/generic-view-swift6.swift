// bodywork-options: --swift-6
import SwiftUI

struct Stamped<Content: View>: View {
    let date: Date
    let content: Content

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return VStack {
            content
            Text(formatter.string(from: date))
        }
    }
}
