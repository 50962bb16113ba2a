// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

final class Loader {
    func load() async {}
}

struct Row {
    let loader: Loader
}

extension Row: View {
    var body: some View { content }

    var content: some View {
        Text("Row")
            .onAppear {
                Task {
                    await loader.load()
                }
            }
    }
}
