// bodywork-options: --min-ios 15
import SwiftUI

struct DayLabel: View {
    let day: Date

    var body: some View {
        return Text(day.formatted(.dateTime.year().month().day()))
    }
}
