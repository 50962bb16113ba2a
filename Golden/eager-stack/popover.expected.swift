// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct AwardsView: View {
    let awards: [String]
    @State private var listShown = false
    @State private var sizedListShown = false

    var body: some View {
        HStack {
            Button("Awards") { listShown = true }
                .popover(isPresented: $listShown) {
                    ScrollView {
                        VStack {
                            ForEach(awards, id: \.self) { award in
                                HStack {
                                    Text(award)
                                    Spacer()
                                }
                            }
                        }
                        .padding()
                    }
                }
            Button("More") { sizedListShown = true }
                .popover(isPresented: $sizedListShown, content: {
                    ScrollView {
                        LazyVStack {
                            ForEach(awards, id: \.self) { award in
                                HStack {
                                    Text(award)
                                    Spacer()
                                }
                            }
                        }
                        .padding()
                    }
                    .frame(width: 250, height: 300)
                })
        }
    }
}
