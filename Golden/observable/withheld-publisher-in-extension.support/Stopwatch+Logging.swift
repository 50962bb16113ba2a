import SwiftUI

extension Stopwatch {
    func log() {
        _ = $elapsed.sink { print($0) }
    }
}
