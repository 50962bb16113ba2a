import SwiftUI

struct Receipt: View {
    let date: Date
    private var formatter: DateFormatter { let f = DateFormatter(); f.dateStyle = .short; return f }

    var body: some View {
        Text(formatter.string(from: date))
    }
}
