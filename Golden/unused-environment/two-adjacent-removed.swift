import SwiftUI

struct Settings: View {
    let title: String

    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL

    var body: some View {
        Text(title)
    }
}

struct Footer: View {
    let note: String

    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL
}

extension Footer {
    var body: some View { Text(note) }
}

struct Header: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL

    let text: String

    var body: some View { Text(text) }
}
