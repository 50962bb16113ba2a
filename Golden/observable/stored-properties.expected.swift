// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Timeline {
    @MainActor static let shared = Timeline()
    var posts: [String] = []
    private(set) var isLoading = false {
        didSet { print("loading: \(isLoading)") }
    }
    @ObservationIgnored private var cache: [String: Int] = [:]
    @ObservationIgnored weak var delegate: AnyObject?
    @ObservationIgnored var retries = 0 {
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
    @State private var timeline = Timeline()

    var body: some View {
        List(timeline.posts, id: \.self) { Text($0) }
    }
}
