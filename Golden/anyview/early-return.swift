import SwiftUI

struct Popover: View {
    let enabled: Bool

    var body: some View {
        decorated(Text("Account"))
    }

    func decorated(_ content: Text) -> some View {
        if !enabled {
            return AnyView(content)
        }

        return AnyView(
            content
                .padding()
                .background(Color.gray)
        )
    }
}
