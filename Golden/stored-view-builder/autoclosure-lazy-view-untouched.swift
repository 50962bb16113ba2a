import SwiftUI

// A closure taken as an `@autoclosure` exists to build its view later, in `body`, not when
// the container is made (a destination built only when shown): not reported.
struct LazyView<Content: View>: View {
    let build: () -> Content

    init(_ build: @autoclosure @escaping () -> Content) {
        self.build = build
    }

    var body: Content {
        build()
    }
}
