import SwiftUI

@Observable
final class Session {
    var name = ""
}

struct Picker2: View {
    var onPick: (Session) -> Void
    var body: some View { Button("Pick") { onPick(Session()) } }
}

// Built on events, not while body renders.
struct SessionsView: View {
    @State private var session: Session?

    var body: some View {
        VStack {
            Button("New") {
                session = Session()
            }
            Picker2(onPick: { picked in
                session = Session()
            })
            Text(session?.name ?? "")
                .task {
                    session = Session()
                }
                .onAppear {
                    session = session ?? Session()
                }
        }
    }
}
