import SwiftUI

struct DateLabel: View {
    let date: Date
    @State private var copied = ""

    private let formatter: DateFormatter = {
        let f = DateFormatter()
        f.dateStyle = .medium
        return f
    }()

    var body: some View {
        Text(formatter.string(from: date))
            .onTapGesture { [formatter] in copied = formatter.string(from: date) }
    }
}
