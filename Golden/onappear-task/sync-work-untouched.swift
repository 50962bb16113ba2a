// bodywork-options: --min-ios 15 --unsafe-fixes
import SwiftUI

@MainActor
final class Model: ObservableObject {
    var visible = false
    func load() async {}
}

struct DetailView: View {
    @ObservedObject var model: Model

    var body: some View {
        Text("Detail")
            .onAppear {
                model.visible = true
                Task {
                    await model.load()
                }
            }
    }
}
