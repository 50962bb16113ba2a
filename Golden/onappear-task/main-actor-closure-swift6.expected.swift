// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

final class Loader {
    func count() async -> Int { 3 }
}

struct CounterView: View {
    let loader: Loader
    @State private var count = 0

    var body: some View {
        Text("\(count)")
            .task { @MainActor in
                count = await loader.count()
            }
    }
}
