import SwiftUI

struct Row: View {
    var onSelect: (Int?) -> Void
    var body: some View { Button("Select") { onSelect(1) } }
}

// A Binding's setter and a row's callback run when something happens, not while rendering;
// a method passed by name to an action is not called by body.
struct EditorView: View {
    @State private var error: String?
    @State private var selected: Int?

    var body: some View {
        VStack {
            Toggle("Error", isOn: Binding(get: { error != nil }, set: { if !$0 { error = nil } }))
            Row { id in
                if let id {
                    selected = id
                }
            }
            Text(error ?? "")
                .onAppear(perform: reset)
        }
    }

    private func reset() {
        selected = nil
    }
}
