import SwiftUI

struct CounterView: View {
    var items: [String]
    @State private var count = 0
    @State private var title = ""

    var body: some View {
        count = items.count
        return VStack {
            Text("\(count)")
            Text(heading)
        }
    }

    private var heading: String {
        self.title = items.first ?? ""
        return title
    }
}
