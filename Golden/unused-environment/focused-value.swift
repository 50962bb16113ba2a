// bodywork-options: --swift-6
import SwiftUI

struct Note {
    var text: String
}

struct FocusedNoteKey: FocusedValueKey {
    typealias Value = Note
}

extension FocusedValues {
    var note: Note? {
        get { self[FocusedNoteKey.self] }
        set { self[FocusedNoteKey.self] = newValue }
    }
}

struct EditorCommands: View {
    @FocusedValue(\.note) private var focusedNote
    @State private var count = 0

    var body: some View {
        Button("Add") { count += 1 }
    }
}
