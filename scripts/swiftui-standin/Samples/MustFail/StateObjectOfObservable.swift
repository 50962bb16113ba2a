// Must NOT type-check: `@StateObject` holds only an ObservableObject, not an @Observable class.
import SwiftUI

@Observable final class Counter {
    var count = 0
}

struct CounterView: View {
    @StateObject private var counter = Counter()
    var body: some View {
        Text("\(counter.count)")
    }
}
