// bodywork-options: --unsafe-fixes
import SwiftUI

struct GreetingView: View {
    let title: String

    var body: some View {
        VStack {
            Text(title).id(Date()).padding()
            Text(title).id(Date.now)
            Text(title) .id(Int.random(in: 0..<100))
        }
    }
}
