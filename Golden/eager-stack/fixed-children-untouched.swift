// bodywork-options: --min-ios 16 --unsafe-fixes
import SwiftUI

enum Flavor: String, CaseIterable { case plain, sweet }

struct SettingsView: View {
    let options = ["a", "b"]

    var body: some View {
        ScrollView {
            VStack {
                Text("Account")
                Text("Privacy")
                Text("About")
            }
            VStack {
                ForEach(0..<5) { index in Text("Row \(index)") }
                ForEach(["x", "y", "z"], id: \.self) { name in Text(name) }
                ForEach(1...20, id: \.self) { index in Text("\(index)") }
                ForEach(Array(Flavor.allCases.enumerated()), id: \.offset) { _, flavor in Text(flavor.rawValue) }
            }
        }
    }
}
