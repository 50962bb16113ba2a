// bodywork-options: --min-ios 17
import SwiftUI

final class Thread: ObservableObject {
    let id: Int
    @Published var replies: [String] = []

    init(id: Int) { self.id = id }
}

struct ThreadView: View {
    @StateObject private var thread: Thread

    init(id: Int) {
        _thread = StateObject(wrappedValue: Thread(id: id))
    }

    var body: some View {
        Text("\(thread.id): \(thread.replies.count)")
    }
}
