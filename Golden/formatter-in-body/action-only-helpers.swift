import SwiftUI

struct ExportView: View {
    let date: Date
    @State private var exported = ""
    @State private var confirming = false

    var body: some View {
        VStack {
            Text(exported)
            Button("Export", action: export)
            Button("Stamp") { stamp() }
            Button("Clear") { confirming = true }
                .sheet(isPresented: $confirming, onDismiss: clear) {
                    Button("Stamp again") { stamp() }
                }
        }
        .onAppear(perform: load)
        .onChange(of: date) { _, _ in
            let formatter = DateFormatter()
            formatter.dateStyle = .short
            exported = formatter.string(from: date)
        }
    }

    private func export() {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        exported = formatter.string(from: date)
    }

    private func stamp() {
        exported = ISO8601DateFormatter().string(from: date)
    }

    private func clear() {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        exported = "Cleared at " + formatter.string(from: Date())
    }

    private func load() {
        let decoder = JSONDecoder()
        exported = (try? decoder.decode(String.self, from: Data())) ?? ""
    }
}
