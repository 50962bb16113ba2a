import SwiftUI

@MainActor
final class Model {
    func load() async {}
}

struct DetailView: View {
    let model: Model

    var body: some View {
        Text("Detail")
            .onAppear {
                // Refresh every time the screen comes back.
                Task {
                    await model.load()
                }
            }
    }
}
