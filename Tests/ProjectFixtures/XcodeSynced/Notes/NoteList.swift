import SwiftUI

struct NoteList: View {
    let notes: [Note]
    let folders: [String]

    var body: some View {
        List {
            ForEach(notes, id: \.self) { note in
                Text(note.title)
            }
            ForEach(folders, id: \.self) { folder in
                Text(folder)
            }
        }
    }
}
