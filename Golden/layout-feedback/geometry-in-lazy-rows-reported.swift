import SwiftUI

struct Item: Identifiable {
    let id: Int
    let title: String
}

struct Feed: View {
    let items: [Item]

    var body: some View {
        ScrollView {
            LazyVStack {
                ForEach(items) { item in
                    GeometryReader { proxy in
                        Text(item.title)
                            .frame(width: proxy.size.width)
                    }
                }
            }
        }
    }
}

struct Grid: View {
    let items: [Item]

    var body: some View {
        List(items) { item in
            Text(item.title)
                .background {
                    GeometryReader { proxy in
                        Color.clear.frame(height: proxy.size.height)
                    }
                }
        }
    }
}
