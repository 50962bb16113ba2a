import SwiftUI

// Not a view: SwiftUI never updates an environment value here, and no view runs again for it.
final class Service: ObservableObject {
    @Environment(\.colorScheme)
    private var colorScheme

    @Published var count = 0
}
