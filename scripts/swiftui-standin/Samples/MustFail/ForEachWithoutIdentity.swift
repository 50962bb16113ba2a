// Must NOT type-check: ForEach over values that are neither Identifiable nor given an `id:`.
import SwiftUI

struct Row { var name: String }

struct Rows: View {
    let rows: [Row]
    var body: some View {
        ForEach(rows) { row in Text(row.name) }
    }
}
