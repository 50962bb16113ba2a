import SwiftUI

struct Reader: View {
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    @Environment(\.font) private var font

    var body: some View {
        VStack {
            Text(self[keyPath: \Self.locale].identifier)
                .font(_font.wrappedValue)
            Text(describe(\.timeZone))
        }
    }

    private func describe(_ path: KeyPath<Reader, TimeZone>) -> String {
        self[keyPath: path].identifier
    }
}
