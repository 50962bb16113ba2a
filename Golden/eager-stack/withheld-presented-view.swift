// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct AwardList: View {
    let awards: [String]

    var body: some View {
        ScrollView {
            VStack {
                ForEach(awards, id: \.self) { award in
                    Text(award)
                }
            }
        }
    }
}

struct AwardsButton: View {
    let awards: [String]
    @State private var shown = false

    var body: some View {
        Button("Awards") { shown = true }
            .sheet(isPresented: $shown) {
                AwardList(awards: awards)
            }
    }
}
