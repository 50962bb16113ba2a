import SwiftUI

enum Filter: String, CaseIterable, Identifiable {
    case genres
    case studios
    case years

    var id: String { rawValue }
}

enum Sort: String, Identifiable {
    case name
    case date

    var id: String {
        return self.rawValue
    }
}

struct FilterBar: View {
    let filters: [Filter]
    let sorts: [Sort]

    var body: some View {
        HStack {
            ForEach(filters, id: \.self) { filter in
                Text(filter.rawValue)
            }
            ForEach(sorts, id: \.self) { sort in
                Text(sort.rawValue)
            }
        }
    }
}
