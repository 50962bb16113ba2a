// bodywork-options: --min-ios 17
import SwiftUI

final class Preferences: ObservableObject {
    @AppStorage("fontSize") var fontSize = 14
    @Published var preview = ""
}
