import SwiftUI

struct StatusIcon: View {
    let online: Bool
    @State private var shownCount = 0

    var body: some View {
        // Each flip of `online` inserts a new Image, so `.onAppear` counts it.
        if online {
            Image(systemName: "wifi").onAppear { shownCount += 1 }
        } else {
            Image(systemName: "wifi.slash").onAppear { shownCount += 1 }
        }
    }
}
