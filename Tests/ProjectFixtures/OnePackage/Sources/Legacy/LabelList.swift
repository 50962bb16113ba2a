import SwiftUI

struct LabelList: View {
    let labels: [String]

    var body: some View {
        ForEach(labels, id: \.self) { label in
            Text(label)
        }
    }
}
