import SwiftUI

struct SelectableCard: View {
    let isSelected: Bool

    var body: some View {
        if isSelected {
            RoundedRectangle(cornerRadius: 12).fill(.blue)
        } else {
            RoundedRectangle(cornerRadius: 12).fill(.gray)
        }
    }
}
