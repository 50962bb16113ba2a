// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

struct NumbersView: View {
    var body: some View {
        ScrollView {
            VStack {
                ForEach(0..<1_000) { index in
                    Text("Row \(index)")
                        .frame(maxWidth: .infinity)
                }
            }
        }
    }
}
