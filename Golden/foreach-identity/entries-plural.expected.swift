import SwiftUI

struct Entry: Identifiable {
    let id: Int
    var text: String
}

struct JournalView: View {
    let entries: [Entry]

    var body: some View {
        VStack {
            ForEach(entries) { entry in
                Text(entry.text)
            }
        }
    }
}
