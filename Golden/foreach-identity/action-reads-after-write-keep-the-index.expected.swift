import SwiftUI

struct Counter: Identifiable {
    let id: Int
    var name: String
    var taps: Int
}

struct CounterList: View {
    @Binding var counters: [Counter]

    var body: some View {
        List {
            ForEach(Array(counters.enumerated()), id: \.element.id) { i, counter in
                Button(counter.name) {
                    counters[i].taps += 1
                    // Reads the value just written: the row's copy would still hold the old one.
                    if counters[i].taps >= 3 {
                        counters[i].name = "hot"
                    }
                }
            }
        }
    }
}
