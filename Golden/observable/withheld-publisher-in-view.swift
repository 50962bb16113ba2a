// bodywork-options: --min-ios 17
import SwiftUI

final class Search: ObservableObject {
    @Published var query = ""
}

struct SearchView: View {
    @StateObject private var search = Search()

    var body: some View {
        TextField("Search", text: $search.query)
            .onReceive(search.$query) { text in print(text) }
    }
}
