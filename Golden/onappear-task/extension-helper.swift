// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

final class Loader {
    func load() async {}
}

struct Screen: View {
    let loader: Loader
    var body: some View { header }
}

extension Screen {
    var header: some View {
        Text("Header")
            .onAppear {
                Task {
                    await loader.load()
                }
            }
    }
}
