// bodywork-options: --unsafe-fixes
import SwiftUI

struct Choice: View {
    let isHalf: Bool

    var body: some View {
        if isHalf {
            Text("Half").tag(1.5)
        } else {
            Text("Half").tag(1)
        }
    }
}
