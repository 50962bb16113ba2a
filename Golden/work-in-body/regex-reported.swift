import SwiftUI

struct HighlightView: View {
    var text: String
    var pattern: String

    var body: some View {
        VStack {
            Text(matches ? "match" : "no match")
            Text(text.range(of: "[0-9]+", options: .regularExpression) != nil ? "digits" : "none")
        }
    }

    private var matches: Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return text.firstMatch(of: regex) != nil
    }
}
