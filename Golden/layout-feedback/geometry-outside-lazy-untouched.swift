import SwiftUI

struct Item: Identifiable {
    let id: Int
    let title: String
}

struct Feed: View {
    let items: [Item]

    var body: some View {
        GeometryReader { proxy in
            ScrollView {
                LazyVStack {
                    ForEach(items) { item in
                        Text(item.title)
                            .frame(width: proxy.size.width / 2)
                    }
                }
            }
        }
    }
}

struct Header: View {
    var body: some View {
        VStack {
            ForEach(0..<3) { index in
                GeometryReader { proxy in
                    Text("\(index)").frame(width: proxy.size.width)
                }
            }
        }
    }
}
