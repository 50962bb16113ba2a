import SwiftUI

struct Caption: View {
    @ViewBuilder let label: () -> Text

    var body: some View {
        label()
    }
}
