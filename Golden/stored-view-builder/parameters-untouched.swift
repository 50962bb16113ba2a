import SwiftUI

struct Row: Identifiable {
    let id: Int
}

struct RowList<RowContent: View>: View {
    let rows: [Row]
    let rowContent: (Row) -> RowContent

    var body: some View {
        List {
            ForEach(rows) { row in
                rowContent(row)
            }
        }
    }
}
