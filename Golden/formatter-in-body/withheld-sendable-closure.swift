import SwiftUI

struct StampView: View {
    let date: Date
    let deliver: (@escaping @Sendable () -> String) -> Void

    var body: some View {
        let _ = deliver { @Sendable in
            ISO8601DateFormatter().string(from: Date())
        }
        Text("Stamp")
    }
}
