import SwiftUI

@Observable
final class Counter {
    var count = 0
}

struct CounterLabel: View {
    var counter: Counter
    var body: some View { Text("\(counter.count)") }
}

struct CountersView: View {
    var body: some View {
        VStack {
            label
            CounterLabel(counter: makeCounter())
        }
    }

    private var label: some View {
        CounterLabel(counter: Counter())
    }

    private func makeCounter() -> Counter {
        Counter()
    }
}
