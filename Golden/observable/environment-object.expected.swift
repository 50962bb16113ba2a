// bodywork-options: --min-ios 17
import SwiftUI

@Observable final class Session {
    var user = "guest"
}

struct RootView: View {
    @State var session = Session()

    var body: some View {
        Greeting()
            .environment(session)
    }
}

struct Greeting: View {
    @Environment(Session.self) var session: Session

    var body: some View {
        Text("Hello, \(session.user)")
    }
}

struct Greeting_Previews: PreviewProvider {
    static var previews: some View {
        Greeting().environment(Session())
    }
}
