import SwiftUI

struct Tag: Identifiable {
    let id: Int
    var name: String
}

struct Note: Identifiable {
    let id: Int
    var text: String
    var tags: [Tag]
}

@Observable
final class Notebook {
    var notes: [Note] = []
}

struct NotesView: View {
    @Bindable var notebook: Notebook

    var body: some View {
        List {
            ForEach($notebook.notes) { $note in
                TextField("Note", text: $note.text)
                ForEach(note.tags.indices, id: \.self) { i in
                    Text(note.tags[i].name)
                }
            }
        }
    }
}
