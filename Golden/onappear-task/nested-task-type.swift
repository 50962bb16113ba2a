// bodywork-options: --unsafe-fixes --min-ios 15
import SwiftUI

// A `Task` nested in another type leaves `Task` elsewhere Swift's: the fix is offered.
enum Job {
    struct Task {
        let name: String
    }
}

struct Loader: View {
    @State private var name = ""

    var body: some View {
        Text(name)
            .onAppear {
                Task {
                    name = await fetchName()
                }
            }
    }

    private func fetchName() async -> String { "loaded" }
}
