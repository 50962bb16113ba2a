// bodywork-options: --min-ios 17
import SwiftUI

final class Thread: ObservableObject {
    @Published var replies: [String] = []
}

struct ThreadView: View {
    @StateObject private var thread: Thread

    init(thread: Thread) {
        let wrapper = StateObject(wrappedValue: thread)
        _thread = wrapper
    }

    var body: some View {
        Text("\(thread.replies.count)")
    }
}
