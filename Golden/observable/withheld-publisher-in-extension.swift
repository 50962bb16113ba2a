// bodywork-options: --min-ios 17
import SwiftUI

final class Stopwatch: ObservableObject {
    @Published var elapsed = 0
}

struct StopwatchView: View {
    @StateObject private var stopwatch = Stopwatch()

    var body: some View {
        Text("\(stopwatch.elapsed)")
    }
}
