// bodywork-options: --min-ios 15
import SwiftUI

struct Subtitle: View {
    let text: String
    let isWarning: Bool

    var body: some View {
        if isWarning {
            Text(text).foregroundStyle(.red)
        } else {
            Text(text).foregroundStyle(.secondary)
        }
    }
}
