import Foundation
import SwiftUI

struct Onboarding: View {
    @State private var seen = false

    var body: some View {
        Button("Done") {
            UserDefaults.standard.set(true, forKey: "onboarded")
            seen = true
        }
        .onAppear {
            seen = UserDefaults.standard.bool(forKey: "onboarded")
        }
    }
}
