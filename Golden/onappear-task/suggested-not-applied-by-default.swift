import SwiftUI

@MainActor
final class FeedModel: ObservableObject {
    @Published var posts: [String] = []
    func load() async {}
}

struct FeedView: View {
    @StateObject private var model = FeedModel()

    var body: some View {
        List(model.posts, id: \.self) { post in
            Text(post)
        }
        .onAppear {
            Task {
                await model.load()
            }
        }
    }
}
