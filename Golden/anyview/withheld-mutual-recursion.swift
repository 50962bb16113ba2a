import SwiftUI

struct Node: Identifiable {
    let id: Int
    let name: String
    let kids: [Node]
}

// `row` and `childList` show each other: the erasure is what lets their types be finite.
// As two `some View` results each would be defined in terms of the other.
struct Outline: View {
    let root: Node

    var body: some View {
        ScrollView {
            row(root)
        }
    }

    private func row(_ node: Node) -> AnyView {
        if node.kids.isEmpty {
            return AnyView(Text(node.name))
        } else {
            return AnyView(VStack {
                Text(node.name)
                childList(of: node)
            })
        }
    }

    private func childList(of node: Node) -> AnyView {
        AnyView(ForEach(node.kids) { child in
            row(child)
        })
    }
}
