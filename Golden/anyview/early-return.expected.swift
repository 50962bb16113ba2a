import SwiftUI

struct Popover: View {
    let enabled: Bool

    var body: some View {
        decorated(Text("Account"))
    }

    @ViewBuilder
    func decorated(_ content: Text) -> some View {
        if !enabled {
            content
        } else {
            content
                .padding()
                .background(Color.gray)
        }
    }
}
