import SwiftUI

struct A: View {
    let t: String

    var body: some View { Text(t) }

    @Environment(\.dismiss) private var dismiss
}
