// bodywork-options: --min-ios 16 --min-macos 13
import SwiftUI

struct Stamp: View {
    let date: Date

    var body: some View {
        Text(date.ISO8601Format())
    }
}
