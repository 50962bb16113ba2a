import SwiftUI

protocol RowProviding {
    func row() -> AnyView
}

struct TextRow: RowProviding {
    let text: String

    func row() -> AnyView {
        AnyView(Text(text))
    }
}
