import SwiftUI

@Observable
final class Library {
    var books: [String] = []
}

struct Shelf: View {
    @Environment(Library.self) private var library
    let title: String

    var body: some View {
        Text(title)
    }
}
