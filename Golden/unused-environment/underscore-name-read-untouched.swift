import SwiftUI

struct CloseButton: View {
    @Environment(\.dismiss) private var _dismiss
    @Environment(\.colorScheme) private var Scheme

    var body: some View {
        Button("Close") { _dismiss() }
            .foregroundStyle(Scheme == .dark ? Color.white : Color.black)
    }
}
