// bodywork-options: --min-ios 15
import SwiftUI

struct Subtitle: View {
    let text: String
    let isWarning: Bool

    var body: some View {
        Text(text).foregroundStyle(isWarning ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
    }
}
