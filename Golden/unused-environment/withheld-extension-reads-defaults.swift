import Foundation
import SwiftUI

struct Welcome: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Text(title)
    }
}

extension Welcome {
    private var title: String {
        UserDefaults.standard.string(forKey: "title") ?? "Welcome"
    }
}
