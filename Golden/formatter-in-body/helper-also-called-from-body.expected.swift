import SwiftUI

struct StampView: View {
    let date: Date
    @State private var copied = ""

    var body: some View {
        VStack {
            Text(stamp())
            Button("Copy") { copied = stamp() }
        }
    }

    private static let longDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter
    }()

    private func stamp() -> String {
        return Self.longDateFormatter.string(from: date)
    }
}
