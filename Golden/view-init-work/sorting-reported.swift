import SwiftUI

struct Post: Identifiable {
    let id: Int
    let date: Date
}

struct Timeline: View {
    let posts: [Post]

    init(posts: [Post]) {
        self.posts = posts.sorted { $0.date > $1.date }
    }

    var body: some View {
        List(posts) { post in
            Text(post.date, style: .date)
        }
    }
}
