// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct MessagesView: View {
    let messages: [String]
    let spacingBetweenConsecutiveMessages: CGFloat

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVStack(
                    alignment: .leading,
                    spacing: spacingBetweenConsecutiveMessages * 2 + spacingBetweenConsecutiveMessages
                ) {
                    ForEach(messages, id: \.self) { message in
                        Text(message)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }
    }
}
