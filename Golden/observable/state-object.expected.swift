// bodywork-options: --min-ios 17 --min-macos 14
import SwiftUI

@Observable final class Library {
    var books: [String] = []
    var title = "Shelf"
}

struct Shelf: View {
    @State private var library = Library()

    var body: some View {
        VStack {
            Text(library.title)
            ForEach(library.books, id: \.self) { Text($0) }
            TextField("Title", text: $library.title)
        }
    }
}
