// bodywork-options: --swift-6
import SwiftUI

struct Headline: View {
    let title: String
    let isProminent: Bool

    var body: some View {
        VStack(alignment: .leading) {
            if isProminent {
                Text(title)
                    .font(.title)
                    .foregroundColor(.primary)
                    .padding(.horizontal, 16)
            } else {
                Text(title)
                    .font(.body)
                    .foregroundColor(.secondary)
                    .padding(.horizontal, 8)
            }
            Divider()
        }
    }
}
