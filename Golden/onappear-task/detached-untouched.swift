// bodywork-options: --unsafe-fixes
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
