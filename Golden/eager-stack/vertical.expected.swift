// bodywork-options: --min-ios 16 --unsafe-fixes --swift-6
import SwiftUI

struct Message: Identifiable {
    let id: Int
    let text: String
}

struct MessagesView: View {
    let messages: [Message]

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 8) {
                ForEach(messages) { message in
                    Text(message.text)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .padding()
        }
    }
}
