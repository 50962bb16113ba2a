// bodywork-options: --swift-6
import SwiftUI

@MainActor private let mediumDateFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateStyle = .medium
    return formatter
}()

struct Stamped<Content: View>: View {
    let date: Date
    let content: Content

    var body: some View {
        return VStack {
            content
            Text(mediumDateFormatter.string(from: date))
        }
    }
}
