import Foundation
import SwiftUI

struct Greeting: View {
    @Environment(\.locale) private var locale
    let name: String

    var body: some View {
        Text(greeting)
    }

    private var greeting: String {
        (Locale.current.identifier.hasPrefix("fr") ? "Bonjour " : "Hello ") + name
    }
}
