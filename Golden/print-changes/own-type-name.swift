import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        let _ = TitleView._printChanges()
        Text(title)
    }
}
