// bodywork-options: --min-ios 15 --unsafe-fixes
import SwiftUI

@MainActor
final class Model: ObservableObject {
    var loading: Task<Void, Never>?
    func load() async {}
}

struct DetailView: View {
    @ObservedObject var model: Model

    var body: some View {
        Text("Detail")
            .onAppear {
                model.loading = Task {
                    await model.load()
                }
            }
            .onDisappear {
                model.loading?.cancel()
            }
    }
}
