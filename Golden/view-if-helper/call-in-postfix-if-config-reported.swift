// bodywork-options: --ill-typed
import SwiftUI

struct Preview: View {
    var isCompact: Bool

    var body: some View {
        Text("Link")
            .padding()
        #if os(visionOS)
            .if(!isCompact, transform: { view in
                view.background(Color.gray)
            })
        #else
            .background(isCompact ? Color.clear : Color.gray)
        #endif
    }
}
