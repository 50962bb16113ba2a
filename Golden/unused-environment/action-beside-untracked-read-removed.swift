import Foundation
import SwiftUI

struct DayView: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.openURL) private var openURL
    @Environment(\.timeZone) private var timeZone
    let title: String

    var body: some View {
        VStack {
            Text(title)
            Text(Date(), style: .time)
        }
    }
}
