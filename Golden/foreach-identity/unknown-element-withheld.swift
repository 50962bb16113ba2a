// bodywork-options: --ill-typed
import SwiftUI

struct RecordsView: View {
    let records: [Record]

    var body: some View {
        List {
            ForEach(records.indices, id: \.self) { i in
                Text(records[i].title)
            }
            ForEach(Array(records.enumerated()), id: \.offset) { index, record in
                Text(record.title)
            }
        }
    }
}
