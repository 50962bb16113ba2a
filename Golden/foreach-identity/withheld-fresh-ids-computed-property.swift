import SwiftUI

struct Step: Identifiable {
    var id: String { UUID().uuidString }
    var label: String
}

struct StepList: View {
    var steps: [Step] {
        [Step(label: "One"), Step(label: "Two")]
    }

    var body: some View {
        VStack {
            ForEach(Array(steps.enumerated()), id: \.offset) { index, step in
                Text("\(index). \(step.label)")
            }
        }
    }
}
