// bodywork-options: --min-ios 17
import SwiftUI

final class Clock: ObservableObject {
    @Published var now = 0
}
