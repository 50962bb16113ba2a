import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        _ = Self._logChanges()
        return VStack {
            Text(title)
        }
    }
}
