// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct Grid2: View {
    let rows: [String]

    var body: some View {
        ScrollView {
            HStack {
                ForEach(rows, id: \.self) { row in Text(row) }
            }
        }
        ScrollView(.horizontal) {
            VStack {
                ForEach(rows, id: \.self) { row in Text(row) }
            }
        }
        ScrollView([.horizontal, .vertical]) {
            VStack {
                ForEach(rows, id: \.self) { row in Text(row) }
            }
        }
    }
}
