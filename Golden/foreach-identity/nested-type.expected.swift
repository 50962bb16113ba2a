import SwiftUI

struct Library {
    struct Book: Identifiable {
        let id: Int
        var title: String
    }

    struct Shelf: View {
        let books: [Book]

        var body: some View {
            VStack {
                ForEach(books) { book in
                    Text(book.title)
                }
            }
        }
    }
}
