import SwiftUI

struct Row: View {
    let title: String

    @Environment(\.dismiss) private var dismiss

    var body: some View { Text(title) }
}

struct Row2: View {

    @Environment(\.dismiss)
    private var dismiss

    @Environment(\.openURL)
    private var openURL

    let title: String

    var body: some View { Text(title) }
}
