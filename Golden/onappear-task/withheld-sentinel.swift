// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct Post: Identifiable {
    let id: Int
    let title: String
}

struct FeedView: View {
    @State private var posts: [Post] = []
    @State private var hasMore = true
    @State private var isLoadingMore = false

    var body: some View {
        ScrollView {
            VStack {
                ForEach(posts) { post in
                    Text(post.title)
                }
                if hasMore && !isLoadingMore {
                    ProgressView()
                        .onAppear {
                            Task {
                                await loadMore()
                            }
                        }
                }
            }
        }
    }

    private func loadMore() async {
        isLoadingMore = true
        defer { isLoadingMore = false }
        let next = posts.count
        posts.append(Post(id: next, title: "Post \(next)"))
        hasMore = next < 100
    }
}
