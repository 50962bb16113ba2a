// bodywork-options: --unsafe-fixes
import SwiftUI

struct Score: View {
    let points: [Int]

    func isHigh() -> Bool { points.count > 10 }

    var body: some View {
        if isHigh() {
            Text("Score").font(.title).opacity(1)
        } else {
            Text("Score").font(.body).opacity(0.5)
        }
    }
}
