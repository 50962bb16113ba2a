import SwiftUI

struct TitleView: View {
    let title: String

    var body: some View {
        return VStack {
            Text(title)
        }
    }
}
