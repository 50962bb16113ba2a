// bodywork-options: --swift-5
import SwiftUI

struct Stamp: View {
    let date: Date

    var body: some View {
        Text(ISO8601DateFormatter().string(from: date))
    }
}
