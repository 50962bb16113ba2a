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
        if isFront {
            VStack { Text("Back").transition(.slide) }.padding(4)
        } else {
            VStack { Text("Back").transition(.slide) }.padding(8)
        }
        if isFront {
            Image(systemName: "star").id(1).padding(4)
        } else {
            Image(systemName: "star").id(1).padding(8)
        }
    }
}
