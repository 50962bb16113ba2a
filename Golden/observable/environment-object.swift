// bodywork-options: --min-ios 17
import SwiftUI

final class Session: ObservableObject {
    @Published var user = "guest"
}

struct RootView: View {
    @StateObject var session = Session()

    var body: some View {
        Greeting()
            .environmentObject(session)
    }
}

struct Greeting: View {
    @EnvironmentObject var session: Session

    var body: some View {
        Text("Hello, \(session.user)")
    }
}

struct Greeting_Previews: PreviewProvider {
    static var previews: some View {
        Greeting().environmentObject(Session())
    }
}
