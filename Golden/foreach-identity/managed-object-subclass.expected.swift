import SwiftUI

// Core Data's base class, as the SDK declares it: every managed object is Identifiable.
class NSManagedObject: Identifiable {}

final class Note: NSManagedObject {
    var title: String = ""
}

struct NotesView: View {
    let notes: [Note]

    var body: some View {
        List {
            ForEach(notes) { note in
                Text(note.title)
            }
        }
    }
}
