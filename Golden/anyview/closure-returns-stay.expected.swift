import SwiftUI

struct Entry: Identifiable {
    let id: Int
    let name: String
    let visible: Bool
}

struct Entries: View {
    let entries: [Entry]

    var body: some View {
        list()
    }

    @ViewBuilder
    private func list() -> some View {
        if entries.isEmpty {
            Text("None")
        } else {
            let shown = entries.filter { entry in
                return entry.visible
            }
            VStack {
                ForEach(shown) { entry in
                    Text(entry.name)
                }
            }
        }
    }
}
