// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct TagsView: View {
    let tags: [String]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(tags, id: \.self) { tag in
                    Text(tag)
                }
            }
            .padding()
            .background(Color.gray)
        }
    }
}
