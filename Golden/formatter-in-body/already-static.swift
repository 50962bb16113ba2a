import SwiftUI

struct EventRow: View {
    let date: Date

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    var body: some View {
        Text(Self.formatter.string(from: date))
    }
}
