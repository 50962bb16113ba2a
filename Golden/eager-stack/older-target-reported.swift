// bodywork-options: --min-ios 13 --unsafe-fixes
import SwiftUI

struct LegacyFeed: View {
    let posts: [String]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(posts, id: \.self) { post in Text(post).frame(maxWidth: .infinity) }
            }
        }
    }
}
