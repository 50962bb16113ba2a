import SwiftUI

final class RowModel: ObservableObject {
    @Published var expanded = false
    let title: String
    init(title: String) { self.title = title }
}

struct Row: View {
    @StateObject var model: RowModel

    var body: some View {
        Text(model.title)
    }
}

struct Rows: View {
    let titles: [String]

    // `Row` keeps the first model in `@StateObject`: the ones built later are dropped.
    var body: some View {
        ForEach(titles, id: \.self) { title in
            let model = RowModel(title: title)
            Row(model: model)
        }
    }
}
