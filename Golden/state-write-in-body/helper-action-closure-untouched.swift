import SwiftUI

@MainActor
func makeButton(title: String, action: @escaping () -> Void) -> some View {
    Button(title, action: action)
}

// A closure given to a plain helper function is an action the helper passes on.
struct SheetView: View {
    @State private var error: String?

    var body: some View {
        VStack {
            makeButton(title: "Save") { save() }
            Text(error ?? "")
        }
    }

    private func save() {
        error = "Invalid"
    }
}
