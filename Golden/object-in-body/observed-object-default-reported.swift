import SwiftUI

final class SearchModel: ObservableObject {
    @Published var query = ""
}

// An observed object with a default value is made anew each time a parent update makes the
// view; a state object with one is made once.
struct SearchField: View {
    @ObservedObject var model = SearchModel()
    @StateObject private var owned = SearchModel()

    var body: some View {
        TextField("Search", text: $model.query)
    }
}
