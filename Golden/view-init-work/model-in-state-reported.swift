import SwiftUI

@Observable
final class Fetcher {
    var mode: Int
    init(mode: Int) { self.mode = mode }
}

struct Statuses: View {
    @State private var fetcher: Fetcher
    private let title: String

    init(mode: Int) {
        _fetcher = State(initialValue: Fetcher(mode: mode))
        title = String(mode)
    }

    var body: some View {
        Text(title)
    }
}
