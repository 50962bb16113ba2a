import SwiftUI

struct RowData {
    var title: String
}

final class Cache {
    var values: [String] = []
}

final class Store: ObservableObject {
    @Published var count = 0
}

// Structs, plain classes and views are cheap or not observed; a model built outside any
// view is not on a render path.
struct PlainView: View {
    var body: some View {
        let data = RowData(title: "a")
        let cache = Cache()
        Text(data.title + "\(cache.values.count)")
    }
}

enum Factory {
    static func makeStore() -> Store { Store() }
}
