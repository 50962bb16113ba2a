import SwiftUI

// A comparison of the row with a constant, over a range of constants, narrows the range;
// a condition that would empty the range, or drop a middle value, stays a filter.
struct Pick: View {
    @State private var amount = 1

    var body: some View {
        Picker("Max", selection: $amount) {
            ForEach(1..<46) {
                Text("\($0)")
            }
        }
        VStack {
            ForEach(1...6, id: \.self) { month in
                Text("\(month)")
            }
            ForEach(1 ..< 10) { i in
                Text("\(i)")
            }
            ForEach(4..<10) { i in
                Text("\(i)")
            }
            ForEach((0..<10).filter { i in i > 20 }, id: \.self) { i in
                Text("\(i)")
            }
            ForEach((0..<10).filter { i in i != 5 }, id: \.self) { i in
                Text("\(i)")
            }
        }
    }
}
