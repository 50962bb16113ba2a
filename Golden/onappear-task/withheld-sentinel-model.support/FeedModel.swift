import SwiftUI

@MainActor
final class FeedModel {
    var titles: [String] = []
    var hasMore = true
    var isLoadingMore = false

    func loadMore() async {
        isLoadingMore = true
        defer { isLoadingMore = false }
        titles.append("Post \(titles.count)")
        hasMore = titles.count < 100
    }
}
