// bodywork-options: --min-ios 17
import SwiftUI

final class Timeline: ObservableObject {
    @MainActor static let shared = Timeline()
    @Published
    var posts: [String] = []
    @Published private(set) var isLoading = false {
        didSet { print("loading: \(isLoading)") }
    }
    private var cache: [String: Int] = [:]
    weak var delegate: AnyObject?
    var retries = 0 {
        willSet { print(newValue) }
    }
    let limit = 20
    var count: Int { posts.count }
    var first: String? {
        get { posts.first }
        set { if let newValue { posts.insert(newValue, at: 0) } }
    }

    func refresh() {
        isLoading = true
        cache["refresh", default: 0] += 1
        retries += 1
    }
}

struct TimelineView: View {
    @StateObject private var timeline = Timeline()

    var body: some View {
        List(timeline.posts, id: \.self) { Text($0) }
    }
}
