// bodywork-options: --min-ios 17 --min-macos 14 --swift-6
import SwiftUI

@MainActor
@Observable final class Counter {
    var count = 0
    @ObservationIgnored var steps = 1

    func increment() { count += steps }
}

struct CounterView: View {
    @State private var counter = Counter()

    var body: some View {
        VStack {
            Text("\(counter.count)")
            Button("+") { counter.increment() }
            Stepper("Count", value: $counter.count, in: 0...10)
            Detail(counter: counter)
        }
        .environment(counter)
    }
}

struct Detail: View {
    @Bindable var counter: Counter
    @Environment(Counter.self) var shared: Counter

    var body: some View {
        Stepper("\(shared.count)", value: $counter.count, in: 0...10)
    }
}
