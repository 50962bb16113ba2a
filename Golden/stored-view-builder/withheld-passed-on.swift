import SwiftUI

struct Outer<Content: View>: View {
    let content: () -> Content

    var body: some View {
        Group(content: content)
    }
}
