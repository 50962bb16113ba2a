// bodywork-options: --min-ios 15
import SwiftUI

struct Subtitle: View {
    let text: String
    let isWarning: Bool

    var body: some View {
        if isWarning {
            Text(text).foregroundStyle(.red)
        } else {
            Text(text).foregroundStyle(.secondary)
        }
    }
}

struct Chip: View {
    let isSelected: Bool

    var body: some View {
        if isSelected {
            Capsule().fill(Color.white)
        } else {
            Capsule().fill(.ultraThinMaterial)
        }
    }
}
