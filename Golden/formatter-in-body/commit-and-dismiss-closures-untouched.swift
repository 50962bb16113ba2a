import SwiftUI

struct Settings: Codable { var name = "" }

struct ImportView: View {
    @State private var showing = false
    @State private var text = ""
    @State private var saved: Data?
    @State private var settings = Settings()

    var body: some View {
        VStack {
            // Runs when editing ends, not while the view renders.
            TextField("Name", text: $text, onCommit: {
                saved = try? PropertyListEncoder().encode(text)
            })
            TextField("Other", text: $text, onEditingChanged: { _ in
                load(JSONDecoder())
            })
        }
        // Runs when the sheet goes away.
        .sheet(isPresented: $showing, onDismiss: {
            load(JSONDecoder())
        }) {
            Text(text)
        }
    }

    private func load(_ decoder: JSONDecoder) {
        if let saved, let decoded = try? decoder.decode(Settings.self, from: saved) { settings = decoded }
    }
}
