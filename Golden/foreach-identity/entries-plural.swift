import SwiftUI

struct Entry: Identifiable {
    let id: Int
    var text: String
}

struct JournalView: View {
    let entries: [Entry]

    var body: some View {
        VStack {
            ForEach(0..<entries.count, id: \.self) { index in
                Text(entries[index].text)
            }
        }
    }
}
