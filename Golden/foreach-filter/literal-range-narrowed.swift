import SwiftUI

// A comparison of the row with a constant, over a range of constants, narrows the range;
// a condition that would empty the range, or drop a middle value, stays a filter.
struct Pick: View {
    @State private var amount = 1

    var body: some View {
        Picker("Max", selection: $amount) {
            ForEach(0..<46) {
                if $0 > 0 {
                    Text("\($0)")
                }
            }
        }
        VStack {
            ForEach(1...12, id: \.self) { month in
                if month <= 6 {
                    Text("\(month)")
                }
            }
            ForEach(0 ..< 10) { i in
                if i != 0 {
                    Text("\(i)")
                }
            }
            ForEach(0..<10) { i in
                if 3 < i {
                    Text("\(i)")
                }
            }
            ForEach(0..<10) { i in
                if i > 20 {
                    Text("\(i)")
                }
            }
            ForEach(0..<10) { i in
                if i != 5 {
                    Text("\(i)")
                }
            }
        }
    }
}
