import SwiftUI

struct First: View {
    var body: some View {
        header
    }

    private var header: AnyView {
        AnyView(Text("First"))
    }
}

struct Second: View {
    var body: some View {
        HStack {
            header
        }
    }

    private var header: some View {
        Text("Second")
    }
}
