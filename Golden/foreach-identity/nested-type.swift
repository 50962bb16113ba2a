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
                ForEach(books.indices, id: \.self) { i in
                    Text(books[i].title)
                }
            }
        }
    }
}
