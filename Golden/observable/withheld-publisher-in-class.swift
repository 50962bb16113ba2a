// bodywork-options: --min-ios 17
import SwiftUI

final class Filter: ObservableObject {
    @Published var text = ""
    @Published private(set) var matches: [String] = []
    private var subscriptions = Set<AnyCancellable>()

    init() {
        $text.sink { [weak self] value in self?.matches = [value] }.store(in: &subscriptions)
    }
}
