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

    private func list() -> AnyView {
        if entries.isEmpty {
            return AnyView(Text("None"))
        } else {
            let shown = entries.filter { entry in
                return entry.visible
            }
            return AnyView(VStack {
                ForEach(shown) { entry in
                    Text(entry.name)
                }
            })
        }
    }
}
