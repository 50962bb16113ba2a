import SwiftUI

struct Settings: View {
    let title: String

    var body: some View {
        Text(title)
    }
}

struct Footer: View {
    let note: String
}

extension Footer {
    var body: some View { Text(note) }
}

struct Header: View {
    let text: String

    var body: some View { Text(text) }
}
