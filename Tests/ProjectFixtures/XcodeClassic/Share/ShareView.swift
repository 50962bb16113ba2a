import SwiftUI

struct ShareView: View {
    var body: some View {
        StepList(steps: ["Share"])
    }
}
