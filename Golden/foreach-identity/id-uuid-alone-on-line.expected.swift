// bodywork-options: --unsafe-fixes
import SwiftUI

struct GreetingView: View {
    let title: String

    var body: some View {
        VStack {
            Text("Hello")
                .padding()
                .foregroundColor(.red)
            Text("World")
        }
    }
}
