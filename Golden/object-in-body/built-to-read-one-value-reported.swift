import SwiftUI

// An observable object made in body only to read one of its values, or to call one of its
// methods, loses no state: the report says what it is made for.
final class Palette: ObservableObject {
    @Published var accent = Color.blue
    let style: Int

    init(style: Int) { self.style = style }

    func border() -> Color { accent }
}

struct Pill: View {
    let title: String

    var body: some View {
        Text(title)
            .background(Palette(style: 1).accent)
            .foregroundColor(Palette(style: 2).border())
    }
}
