import SwiftUI

/// `.overlay` builds its content while the view is made, as `body` runs.
struct Badged<Badge: View>: View {
    let title: String
    @ViewBuilder let badge: Badge

    var body: some View {
        Text(title)
            .overlay(alignment: .topTrailing) {
                badge
            }
    }
}

/// A sheet builds its content only when it is presented.
struct Presenting<Sheet: View>: View {
    @State private var showing = false
    @ViewBuilder let sheet: () -> Sheet

    var body: some View {
        Button("Show") { showing = true }
            .sheet(isPresented: $showing) {
                sheet()
            }
    }
}
