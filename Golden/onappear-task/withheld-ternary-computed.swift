// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct InboxView: View {
    @State private var messages: [String] = []
    @State private var isRefreshing = false

    private var showsPlaceholder: Bool { messages.isEmpty && !isRefreshing }

    var body: some View {
        Group {
            showsPlaceholder
                ? AnyView(Text("No mail").onAppear {
                    Task {
                        await refresh()
                    }
                })
                : AnyView(Text("\(messages.count) messages"))
        }
    }

    private func refresh() async {
        isRefreshing = true
        messages = ["Hello"]
        isRefreshing = false
    }
}
