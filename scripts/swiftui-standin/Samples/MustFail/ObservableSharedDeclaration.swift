// Must NOT type-check: @Observable tracks one property per declaration (the toolchain's macro).
import SwiftUI

@Observable final class Size {
    var width = 0, height = 0
}
