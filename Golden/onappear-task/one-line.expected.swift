// bodywork-options: --min-ios 15 --unsafe-fixes
import SwiftUI

final class Loader {
    func load() async -> [String] { [] }
}

struct NamesView: View {
    let loader: Loader
    @State private var names: [String] = []

    var body: some View {
        Text(names.joined(separator: ", ")).task { names = await loader.load() }.padding()
    }
}
