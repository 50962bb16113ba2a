// bodywork-options: --swift-6
// Must NOT type-check in Swift 6: views are main-actor isolated, so code off the main
// actor must `await` their methods.
import SwiftUI

struct Clock: View {
    var body: some View {
        Text("tick")
    }

    func refresh() {}
}

func tick(_ clock: Clock) async {
    clock.refresh()
}
