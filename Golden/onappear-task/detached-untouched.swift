// bodywork-options: --min-ios 15 --unsafe-fixes
import SwiftUI

struct LogView: View {
    var body: some View {
        Text("Log")
            .onAppear {
                Task.detached {
                    print("appeared")
                }
            }
    }
}
