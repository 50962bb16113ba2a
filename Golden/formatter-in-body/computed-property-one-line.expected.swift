import SwiftUI

struct Receipt: View {
    let date: Date
    private static let formatter: DateFormatter = { let f = DateFormatter(); f.dateStyle = .short; return f }()

    var body: some View {
        Text(Self.formatter.string(from: date))
    }
}
