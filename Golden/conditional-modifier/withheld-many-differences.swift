// bodywork-options: --unsafe-fixes
import SwiftUI

struct Dense: View {
    let isOn: Bool

    var body: some View {
        if isOn {
            Text("x").font(.title).opacity(1).padding(8).frame(width: 40)
        } else {
            Text("x").font(.body).opacity(0.5).padding(4).frame(width: 20)
        }
    }
}
