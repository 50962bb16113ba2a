import SwiftUI

struct Price: View {
    let cents: Int

    var body: some View {
        label(prefix: "$")
    }

    fileprivate func label(prefix: String) -> AnyView {
        let whole = cents / 100
        let text = "\(prefix)\(whole)"
        return AnyView(Text(text))
    }
}
