// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct TimelineView: View {
    let events: [String]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading) {
                ForEach(events, id: \.self) { event in
                    Text(event)
                        .alignmentGuide(.leading) { dimensions in dimensions.width / 2 }
                }
            }
        }
    }
}
