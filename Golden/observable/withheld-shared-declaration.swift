// bodywork-options: --min-ios 17
import SwiftUI

final class Canvas: ObservableObject {
    @Published var strokes: [String] = []
    var width = 0, height = 0
}
