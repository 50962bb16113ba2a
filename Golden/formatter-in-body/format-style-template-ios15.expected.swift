// bodywork-options: --min-ios 15
import SwiftUI

struct DayLabel: View {
    let day: Date

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.setLocalizedDateFormatFromTemplate("yMMMd")
        return formatter
    }()

    var body: some View {
        return Text(Self.dateFormatter.string(from: day))
    }
}
