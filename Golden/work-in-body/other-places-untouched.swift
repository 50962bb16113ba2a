import SwiftUI

struct Entry: Identifiable, Decodable {
    let id: Int
    var title: String
}

// Not a view: a model may sort, read and decode as it likes.
final class Store {
    var entries: [Entry] = []

    func load(from url: URL) {
        let data = (try? Data(contentsOf: url)) ?? Data()
        entries = ((try? JSONDecoder().decode([Entry].self, from: data)) ?? []).sorted { $0.id < $1.id }
    }
}

struct Decoder {
    func decode(_ text: String) -> String { text }
}

struct StoreView: View {
    var store: Store
    var titles: [String]
    private let decoder = Decoder()
    // Stored property initializers run when the view is created, not per body evaluation.
    private let ordered = [3, 1, 2].sorted()

    var body: some View {
        VStack {
            // Other receivers and shapes: no decoding, no file read.
            Text(decoder.decode("x"))
            Image("logo", bundle: .main)
            Text(titles.first ?? "")
            Text("\(ordered.count)")
        }
    }

    // Not reached from body.
    private func reordered() -> [Entry] {
        store.entries.sorted { $0.title < $1.title }
    }
}
