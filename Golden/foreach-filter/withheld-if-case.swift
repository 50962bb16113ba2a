import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

enum Kind: Hashable { case a, b }

struct KindsView: View {
    var kinds: [Kind]
    var body: some View {
        ForEach(kinds, id: \.self) { kind in
            if case .a = kind {
                Text("a")
            }
        }
    }
}
