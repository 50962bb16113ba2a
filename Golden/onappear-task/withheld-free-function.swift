// bodywork-options: --min-ios 15 --swift-6
import SwiftUI

final class Loader {
    func load() async {}
}

func loadingRow(_ loader: Loader) -> some View {
    Text("Row")
        .onAppear {
            Task {
                await loader.load()
            }
        }
}
