import Foundation
import SwiftUI

struct Welcome: View {
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        Text(title)
    }
}

extension Welcome {
    private var title: String {
        UserDefaults.standard.string(forKey: "title") ?? "Welcome"
    }
}
