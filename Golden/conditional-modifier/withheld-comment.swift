// bodywork-options: --unsafe-fixes
import SwiftUI

struct Price: View {
    let isSale: Bool

    var body: some View {
        if isSale {
            Text("$9").foregroundColor(.red)
        } else {
            // The regular price stays black.
            Text("$9").foregroundColor(.black)
        }
    }
}
