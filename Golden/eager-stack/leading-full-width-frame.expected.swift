// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct MessagesView: View {
    let messages: [String]

    var body: some View {
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 8) {
                ForEach(messages, id: \.self) { message in
                    Text(message)
                }
            }
            .padding(.horizontal)
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(Color.gray)
        }
    }
}
