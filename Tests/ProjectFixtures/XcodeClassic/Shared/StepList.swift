import SwiftUI

// Built by both the app and the share extension.
struct StepList: View {
    let steps: [String]

    var body: some View {
        VStack {
            ForEach(steps, id: \.self) { step in
                Text(step)
            }
        }
    }
}
