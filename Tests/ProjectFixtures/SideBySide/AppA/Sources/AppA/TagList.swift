import SwiftUI

struct TagList: View {
    let tags: [String]

    var body: some View {
        List {
            ForEach(tags, id: \.self) { tag in
                Text(tag)
            }
        }
    }
}
