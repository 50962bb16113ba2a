// bodywork-options: --min-ios 16
import SwiftUI

struct FeedView: View {
    let posts: [String]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(posts, id: \.self) { post in Text(post).frame(maxWidth: .infinity) }
            }
        }
    }
}
