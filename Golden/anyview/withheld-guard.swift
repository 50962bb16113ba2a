import SwiftUI

struct Avatar: View {
    let url: String?

    var body: some View {
        image()
    }

    private func image() -> AnyView {
        guard let url else {
            return AnyView(Image(systemName: "person"))
        }
        return AnyView(Text(url))
    }
}
