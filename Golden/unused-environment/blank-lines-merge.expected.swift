import SwiftUI

struct Row: View {
    let title: String

    var body: some View { Text(title) }
}

struct Row2: View {

    let title: String

    var body: some View { Text(title) }
}
