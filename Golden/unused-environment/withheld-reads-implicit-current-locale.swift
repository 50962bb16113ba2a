// bodywork-options: --unsafe-fixes
import SwiftUI

func price(in locale: Locale) -> String { locale.identifier }

struct PriceView: View {
    @Environment(\.locale)
    private var locale

    var body: some View {
        Text(price(in: .current))
    }
}
