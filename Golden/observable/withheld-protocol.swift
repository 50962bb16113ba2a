// bodywork-options: --min-ios 17
import SwiftUI

protocol Store: ObservableObject {
    var count: Int { get set }
}

final class CountStore: Store {
    @Published var count = 0
}

final class TitleStore: ObservableObject, Identifiable, Store {
    @Published var count = 0
    @Published var title = ""
}

struct CountView: View {
    @StateObject private var store = CountStore()

    var body: some View {
        Text("\(store.count)")
    }
}
