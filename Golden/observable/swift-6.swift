// bodywork-options: --min-ios 17 --min-macos 14 --swift-6
import SwiftUI

@MainActor
final class Counter: ObservableObject {
    @Published var count = 0
    var steps = 1

    func increment() { count += steps }
}

struct CounterView: View {
    @StateObject private var counter = Counter()

    var body: some View {
        VStack {
            Text("\(counter.count)")
            Button("+") { counter.increment() }
            Stepper("Count", value: $counter.count, in: 0...10)
            Detail(counter: counter)
        }
        .environmentObject(counter)
    }
}

struct Detail: View {
    @ObservedObject var counter: Counter
    @EnvironmentObject var shared: Counter

    var body: some View {
        Stepper("\(shared.count)", value: $counter.count, in: 0...10)
    }
}
