import SwiftUI

struct Sheet: View {
    @Environment(\.calendar) private var calendar
    let title: String

    var body: some View {
        Text(title)
    }
}
