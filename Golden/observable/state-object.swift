// bodywork-options: --min-ios 17 --min-macos 14
import SwiftUI

final class Library: ObservableObject {
    @Published var books: [String] = []
    @Published var title = "Shelf"
}

struct Shelf: View {
    @StateObject private var library = Library()

    var body: some View {
        VStack {
            Text(library.title)
            ForEach(library.books, id: \.self) { Text($0) }
            TextField("Title", text: $library.title)
        }
    }
}
