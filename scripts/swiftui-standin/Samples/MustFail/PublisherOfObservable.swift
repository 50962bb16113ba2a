// Must NOT type-check: an @Observable class has no `$property` publishers.
import SwiftUI

@Observable final class Search {
    var query = ""
}

struct SearchView: View {
    @State private var search = Search()
    var body: some View {
        Text(search.query)
            .onReceive(search.$query) { print($0) }
    }
}
