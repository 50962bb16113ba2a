import SwiftUI

struct Inspector: View {
    @Environment(\.calendar) private var calendar
    let fields = ["calendar", "locale"]

    var body: some View {
        Text(fields.joined(separator: ", "))
    }
}
