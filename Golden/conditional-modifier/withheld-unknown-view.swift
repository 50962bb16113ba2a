// bodywork-options: --unsafe-fixes
import SwiftUI

struct Highlighted<Content: View>: View {
    let content: Content
    let isOn: Bool

    var body: some View {
        if isOn {
            content.padding(8)
        } else {
            content.padding(2)
        }
    }
}
