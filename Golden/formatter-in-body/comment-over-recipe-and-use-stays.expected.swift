import SwiftUI

struct Subtitle: View {
    let size: String

    var body: some View { Text(subtitle()) }

    private static let mediumDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    private func subtitle() -> String {
        var components: [String] = []

        // Add current date (when viewed)
        components.append(Self.mediumDateFormatter.string(from: Date()))

        // Add size
        components.append(size)
        return components.joined(separator: " • ")
    }
}
