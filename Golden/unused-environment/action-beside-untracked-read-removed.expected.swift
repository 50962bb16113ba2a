import Foundation
import SwiftUI

struct DayView: View {
    @Environment(\.timeZone) private var timeZone
    let title: String

    var body: some View {
        VStack {
            Text(title)
            Text(Date(), style: .time)
        }
    }
}
