import SwiftUI

// A helper whose purpose is to erase its receiver: its callers decide.
extension View {
    func eraseToAnyView() -> AnyView {
        AnyView(self)
    }
}

struct Screen: View {
    var body: some View {
        Text("Hello")
    }
}
