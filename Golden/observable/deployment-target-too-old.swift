// bodywork-options: --min-ios 16
import SwiftUI

final class Tab: ObservableObject {
    @Published var selection = 0
}

struct Tabs: View {
    @StateObject private var tab = Tab()

    var body: some View {
        Text("\(tab.selection)")
    }
}
