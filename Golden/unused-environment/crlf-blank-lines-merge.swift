import SwiftUI

struct A: View {
    let t: String

    @Environment(\.dismiss) private var dismiss

    var body: some View { Text(t) }
}
