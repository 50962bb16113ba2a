// bodywork-options: --min-ios 15
import SwiftUI

struct DayLabel: View {
    let day: Date

    var body: some View {
        let formatter = DateFormatter()
        formatter.setLocalizedDateFormatFromTemplate("yMMMd")
        return Text(formatter.string(from: day))
    }
}
