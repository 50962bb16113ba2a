import SwiftUI

final class Model: ObservableObject {
    @Published var count = 0
}

enum Mode: Equatable {
    case compact(spacing: Double)
    case regular
}

struct Card<Content: View>: View {
    @State private var count: Int
    @StateObject private var model: Model
    @Binding var isOn: Bool
    @FocusState private var focused: Bool
    let title: String
    let width: Double
    let mode: Mode
    let content: Content
    let onTap: () -> Void

    init(title: String, count: Int, scale: Int, isOn: Binding<Bool>, onTap: @escaping () -> Void,
         @ViewBuilder content: () -> Content) {
        _count = State(initialValue: count)
        _model = StateObject(wrappedValue: Model())
        _isOn = isOn
        self.title = title
        self.width = Double(count * scale) + 2.5
        self.mode = count > 3 ? .compact(spacing: max(4, Double(scale))) : .regular
        self.content = content()
        self.onTap = { print(title) }
        assert(scale > 0)
    }

    var body: some View {
        VStack {
            Text(title)
            content
        }
    }
}

extension Card where Content == EmptyView {
    init(title: String) {
        self.init(title: title, count: 0, scale: 1, isOn: .constant(false), onTap: {}) { EmptyView() }
    }
}
