import SwiftUI

struct Stepper<Label: View, Content: View>: View {
    private let title: String
    private let label: () -> Label
    private let content: () -> Content

    init(
        title: String,
        @ViewBuilder label: @escaping () -> Label,
        @ViewBuilder content: @escaping () -> Content
    ) {
        self.title = title
        self.label = label
        self.content = content
    }

    var body: some View {
        VStack {
            label()
            row(label: title)
            content()
        }
    }

    private var footer: some View {
        let content = Text(title)
        return HStack {
            content
            if let label = Optional(title) { Text(label) }
        }
    }

    private func row(label: String) -> some View {
        HStack {
            Text(label)
            self.label()
        }
    }
}

extension Stepper {
    init(
        _ title: String,
        @ViewBuilder label: @escaping () -> Label,
        @ViewBuilder content: @escaping () -> Content
    ) {
        let content = content
        self.init(title: title, label: label, content: content)
    }
}
