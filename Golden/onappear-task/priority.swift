// bodywork-options: --min-ios 15 --unsafe-fixes
import SwiftUI

struct ThumbnailView: View {
    @State private var ready = false

    var body: some View {
        Color.gray
            .onAppear {
                Task(priority: .background) {
                    try? await Task.sleep(nanoseconds: 1_000)
                    ready = true
                }
            }
    }
}
