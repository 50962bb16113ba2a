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

    private func stamp() -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = .long
        return formatter.string(from: date)
    }
}
