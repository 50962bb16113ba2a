import SwiftUI

// Locals shadowing a property, and properties without a wrapper, are not view state.
struct LocalView: View {
    @State private var count = 0
    var items: [Int]

    var body: some View {
        var count = 0
        count = items.count
        return Text("\(count) \(total(items))")
    }

    private func total(_ values: [Int]) -> Int {
        var sum = 0
        for value in values { sum += value }
        return sum
    }
}
