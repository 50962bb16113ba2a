import Core
import SwiftUI

struct TagCloud: View {
    let tags: [Tag]
    let labels: [String]

    var body: some View {
        VStack {
            ForEach(tags, id: \.self) { tag in
                Text(tag.title)
            }
            ForEach(labels, id: \.self) { label in
                Text(label)
            }
        }
    }
}
