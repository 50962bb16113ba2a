// bodywork-options: --min-ios 15 --unsafe-fixes --swift-6
import SwiftUI

struct TagStrip: View {
    let tags: [String]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            LazyHStack {
                Text("Tags")
                ForEach(tags, id: \.self) { tag in
                    Text(tag).padding(4)
                }
            }
            .frame(height: 44)
        }
    }
}
