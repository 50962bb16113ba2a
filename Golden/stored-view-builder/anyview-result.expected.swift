import SwiftUI

struct Slot: View {
    @ViewBuilder let make: AnyView

    var body: some View {
        make
    }
}

struct SlotUser: View {
    var body: some View {
        Slot(make: { AnyView(Text("x")) })
    }
}
