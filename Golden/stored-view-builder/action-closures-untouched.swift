import SwiftUI

struct Greeting: View {
    let makeText: () -> String
    let onTap: () -> Void

    var body: some View {
        Button(makeText(), action: onTap)
    }
}
