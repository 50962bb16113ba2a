import SwiftUI

struct Step: Identifiable {
    var id: String { UUID().uuidString }
    var label: String
}

struct StepList: View {
    var labels: [String]

    var steps: [Step] {
        labels.map { Step(label: $0) }
    }

    var body: some View {
        VStack {
            ForEach(Array(steps.enumerated()), id: \.offset) { index, step in
                Text("\(index). \(step.label)")
            }
        }
    }
}
