import SwiftUI

// A model made in the init for an `@ObservedObject` is a new object on every update of
// the parent: its state is lost, which the report says; a model handed in is not reported.
final class ButtonModel: ObservableObject {
    @Published var subscribed = false
    let id: String

    init(id: String) { self.id = id }
}

struct SubscribeButton: View {
    @ObservedObject var model: ButtonModel

    init(id: String) {
        self.model = ButtonModel(id: id)
    }

    var body: some View {
        Button(model.subscribed ? "Subscribed" : "Subscribe") { model.subscribed.toggle() }
    }
}

struct SharedSubscribeButton: View {
    @ObservedObject var model: ButtonModel

    init(model: ButtonModel) {
        self.model = model
    }

    var body: some View {
        Text(model.id)
    }
}
