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

    private func placeholder() -> AnyView {
        AnyView(Text("Loading"))
    }

    private func row(_ item: FeedItem) -> AnyView {
        AnyView(Text(item.name))
    }

    private var first: AnyView {
        AnyView(row(items[0]))
    }
}
