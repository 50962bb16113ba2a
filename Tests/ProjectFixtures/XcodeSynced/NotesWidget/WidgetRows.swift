import SwiftUI

struct WidgetRows: View {
    let notes: [Note]

    var body: some View {
        ForEach(notes, id: \.self) { note in
            Text(note.title)
        }
    }
}
