// Sample: an ObservableObject and what it becomes as an @Observable class, with each way a
// view holds it (the shapes the `observable` rule writes) and a publisher of the old kind.
import SwiftUI

final class Feed: ObservableObject {
    @Published var query = ""
    @Published private(set) var items: [String] = []
    var cancellables = Set<AnyCancellable>()

    init() {
        $query.sink { [weak self] text in self?.items = [text] }.store(in: &cancellables)
    }
}

@Observable final class Library {
    var books: [String] = []
    var title = "Shelf" {
        didSet { books.append(title) }
    }
    @ObservationIgnored var cache: [String: Int] = [:]
    let id = 1
}

struct FeedView: View {
    @StateObject private var feed = Feed()

    var body: some View {
        Text(feed.query)
            .onReceive(feed.$items) { items in print(items.count) }
            .onReceive(feed.objectWillChange) { print("changing") }
            .environmentObject(feed)
    }
}

struct Shelf: View {
    @State private var library = Library()

    var body: some View {
        Editor(library: library)
            .environment(library)
    }
}

struct Editor: View {
    @Bindable var library: Library

    var body: some View {
        TextField("Title", text: $library.title)
    }
}

struct Reader: View {
    var library: Library
    var body: some View { Text(library.title) }
}

struct Header: View {
    @Environment(Library.self) var library: Library
    @Environment(Library.self) private var inferred

    var body: some View {
        @Bindable var library = library
        VStack {
            TextField("Title", text: $library.title)
            Text(inferred.title)
        }
    }
}
