// bodywork-options: --swift-6 --unsafe-fixes
import SwiftUI

struct Header: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Close") { dismiss() }
    }
}

struct Footer: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.timeZone) private var timeZone
    var note: String

    var body: some View {
        Text(note)
    }
}
