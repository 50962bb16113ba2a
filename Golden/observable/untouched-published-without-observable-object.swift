// bodywork-options: --min-ios 17
import SwiftUI

final class Poller {
    @Published var value = 0
    private var subscription: AnyCancellable?

    init() {
        subscription = $value.sink { print($0) }
    }
}
