// Must NOT type-check: `.environmentObject(_:)` takes an ObservableObject only.
import SwiftUI

@Observable final class Session {
    var user = ""
}

struct Root: View {
    @State private var session = Session()
    var body: some View {
        Text(session.user)
            .environmentObject(session)
    }
}
