// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct Inbox {
    static func messages() async -> [String] { [] }
}

struct ChatView: View {
    @State private var messages: [String] = []
    @State private var isExpanded = false

    var body: some View {
        Group {
            if isExpanded {
                List(messages, id: \.self) { message in
                    Text(message)
                }
            } else {
                Text("\(messages.count) messages")
            }
        }
        .onAppear {
            Task {
                messages = await Inbox.messages()
            }
        }
    }
}
