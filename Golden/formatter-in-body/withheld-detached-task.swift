// bodywork-options: --swift-6
import SwiftUI

struct StampView: View {
    let date: Date
    @State private var text = ""

    var body: some View {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return Text(text)
            .task {
                text = await Task.detached {
                    formatter.string(from: Date())
                }.value
            }
    }
}
