import SwiftUI

final class Model {
    var count = 0

    func update(_ value: Int) {
        count = value
    }
}

// A model's own methods and non-view types may write as they like.
struct ModelView: View {
    var model: Model
    @Binding var isOn: Bool

    var body: some View {
        Toggle("On", isOn: $isOn)
    }
}
