// bodywork-options: --swift-6
import SwiftUI

struct Tags: View {
    let tags: [String]

    var body: some View {
        Text(tags.joined(separator: ", "))
    }
}

extension Tags {
    init(text: String) {
        self.init(tags: text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty })
    }
}
