import SwiftUI

struct Card<Content: View>: View {
    let content: () -> Content

    var body: some View {
        VStack {
            content()
        }
        .padding()
    }
}

struct CardUser: View {
    var body: some View {
        Card {
            Text("Title")
        }
    }
}
