// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct InboxView: View {
    let items: [String]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(items, id: \.self) { item in Text(item) }
            }
        }
    }
}
