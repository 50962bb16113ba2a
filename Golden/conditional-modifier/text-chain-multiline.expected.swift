// bodywork-options: --swift-6
import SwiftUI

struct Headline: View {
    let title: String
    let isProminent: Bool

    var body: some View {
        VStack(alignment: .leading) {
            Text(title)
                .font(isProminent ? .title : .body)
                .foregroundColor(isProminent ? .primary : .secondary)
                .padding(.horizontal, isProminent ? 16 : 8)
            Divider()
        }
    }
}
