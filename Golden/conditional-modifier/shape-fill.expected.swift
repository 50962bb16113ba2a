import SwiftUI

struct SelectableCard: View {
    let isSelected: Bool

    var body: some View {
        RoundedRectangle(cornerRadius: 12).fill(isSelected ? .blue : .gray)
    }
}
