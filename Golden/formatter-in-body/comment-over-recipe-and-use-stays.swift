import SwiftUI

struct Subtitle: View {
    let size: String

    var body: some View { Text(subtitle()) }

    private func subtitle() -> String {
        var components: [String] = []

        // Add current date (when viewed)
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        components.append(formatter.string(from: Date()))

        // Add size
        components.append(size)
        return components.joined(separator: " • ")
    }
}
