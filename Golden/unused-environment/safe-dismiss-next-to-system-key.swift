import SwiftUI

struct Sheet: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(\.calendar) private var calendar
    @Environment(\.openURL) private var openURL
    let title: String

    var body: some View {
        Text(title)
    }
}
