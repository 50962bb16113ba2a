// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Thread {
    let id: Int
    var replies: [String] = []

    init(id: Int) { self.id = id }
}

struct ThreadView: View {
    @State private var thread: Thread

    init(id: Int) {
        _thread = State(wrappedValue: Thread(id: id))
    }

    var body: some View {
        Text("\(thread.id): \(thread.replies.count)")
    }
}
