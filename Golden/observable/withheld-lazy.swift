// bodywork-options: --min-ios 17
import SwiftUI

final class Catalog: ObservableObject {
    @Published var items: [String] = []
    lazy var index: [String: Int] = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1, $0) })
}
