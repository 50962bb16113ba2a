// bodywork-options: --min-ios 17 --ill-typed
// The stand-in has no Combine module, so a model file that does not import SwiftUI cannot
// be type-checked here; the case pins the `import Observation` it gets.
import Foundation
import Combine

final class Inbox: ObservableObject {
    @Published var unread = 0
}
