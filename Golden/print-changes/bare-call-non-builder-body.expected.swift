// bodywork-options: --swift-6
import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        return Text(title)
    }
}
