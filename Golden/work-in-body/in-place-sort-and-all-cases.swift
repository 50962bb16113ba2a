import SwiftUI

enum Weekday: String, CaseIterable {
    case monday, tuesday, wednesday
}

// A sort in place costs what `sorted` costs; an enum's `allCases` is a small fixed set.
struct Schedule: View {
    var names: [String]

    var body: some View {
        var ordered = names
        ordered.sort()
        return VStack {
            ForEach(ordered, id: \.self) { name in Text(name) }
            ForEach(Weekday.allCases.sorted { $0.rawValue < $1.rawValue }, id: \.self) { day in
                Text(day.rawValue)
            }
        }
    }
}
