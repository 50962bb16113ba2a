import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct NamesView: View {
    var names: [String?]
    var body: some View {
        ForEach(0..<names.count, id: \.self) { index in
            if let name = names[index] {
                Text(name)
            }
        }
    }
}
