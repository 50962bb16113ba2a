// bodywork-options: --unsafe-fixes
import SwiftUI

struct GreetingView: View {
    let title: String

    var body: some View {
        VStack {
            Text("Hello")
                .padding()
                // Rebuilt on every render.
                .id(UUID())
                .foregroundColor(.red)
            Text("World")
                .id(UUID().uuidString)
        }
    }
}
