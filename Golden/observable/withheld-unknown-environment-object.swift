// bodywork-options: --min-ios 17
import SwiftUI

final class Router: ObservableObject {
    @Published var path: [String] = []
}

func makeRouter() -> Router { Router() }

struct RouterRoot: View {
    var body: some View {
        RouterLabel()
            .environmentObject(makeRouter())
    }
}

struct RouterLabel: View {
    @EnvironmentObject var router: Router

    var body: some View {
        Text("\(router.path.count)")
    }
}
