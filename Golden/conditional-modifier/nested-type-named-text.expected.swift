import SwiftUI

// `Text` is SwiftUI's here: the module's `L10n.Text` is nested, so the rule still knows the
// view and merges the branches.
struct Status: View {
    let isOn: Bool

    var body: some View {
        Text(verbatim: L10n.Text.on)
            .foregroundColor(isOn ? .green : .red)
    }
}
