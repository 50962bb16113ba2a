import SwiftUI

struct Price: View {
    let cents: Int

    var body: some View {
        label(prefix: "$")
    }

    fileprivate func label(prefix: String) -> some View {
        let whole = cents / 100
        let text = "\(prefix)\(whole)"
        return Text(text)
    }
}
