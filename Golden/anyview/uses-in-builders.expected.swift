import SwiftUI

struct FeedItem: Identifiable {
    let id: Int
    let name: String
}

struct Feed: View {
    let items: [FeedItem]
    let loading: Bool

    var body: some View {
        List {
            if loading {
                placeholder()
            } else {
                ForEach(items) { item in
                    row(item)
                        .padding()
                }
            }
        }
        .overlay {
            placeholder()
        }
    }

    private func placeholder() -> some View {
        Text("Loading")
    }

    private func row(_ item: FeedItem) -> some View {
        Text(item.name)
    }

    private var first: some View {
        row(items[0])
    }
}
