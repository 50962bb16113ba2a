// bodywork-options: --unsafe-fixes
import SwiftUI

struct Flipper: View {
    let isFront: Bool

    var body: some View {
        if isFront {
            Text("Card").transition(.opacity).padding(4)
        } else {
            Text("Card").transition(.opacity).padding(8)
        }
    }
}
