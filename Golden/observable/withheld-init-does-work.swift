// bodywork-options: --min-ios 17
import SwiftUI

final class Feed: ObservableObject {
    @Published var posts: [String] = []

    init() {
        load()
    }

    func load() { posts = ["first"] }
}

struct FeedView: View {
    @StateObject private var feed = Feed()

    var body: some View {
        List(feed.posts, id: \.self) { Text($0) }
    }
}
