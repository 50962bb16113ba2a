import SwiftUI

struct Pages: View {
    let current: AnyView = first()

    var body: some View {
        VStack {
            current
            Text("\(pages.count)")
        }
    }

    private var pages: [AnyView] {
        [first(), second()]
    }
}

private func first() -> AnyView {
    AnyView(Text("First"))
}

private func second() -> AnyView {
    AnyView(Color.red)
}
