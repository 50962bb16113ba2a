// Sample: every way state reaches a view — ObservableObject, @Observable, bindings, environment.
import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
    @Published var names: [String] = []
}

@Observable final class Model {
    var title = "Title"
    var items: [String] = []
}

private struct AccentKey: EnvironmentKey {
    static let defaultValue = Color.blue
}

extension EnvironmentValues {
    var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

struct Counter: View {
    @StateObject private var store = Store()
    @ObservedObject var shared: Store
    @EnvironmentObject var global: Store
    @Environment(Model.self) private var model
    @Environment(\.dismiss) private var dismiss
    @Environment(\.accent) private var accent
    @AppStorage("launches") private var launches = 0
    @Bindable var editable: Model
    @State private var local = Model()

    var body: some View {
        VStack {
            Text("\(store.count) \(shared.count) \(global.count)")
            Stepper("Count", value: $store.count, in: 0...10)
            TextField("Title", text: $editable.title)
            Text(model.title).foregroundStyle(accent)
            Button("Close") { dismiss() }
            Child(count: $store.count)
        }
        .environment(local)
        .environmentObject(store)
        .environment(\.accent, .red)
    }
}

struct Child: View {
    @Binding var count: Int
    var body: some View {
        Button("+1") { count += 1 }
    }
}

struct CounterApp: App {
    var body: some Scene {
        WindowGroup { Child(count: .constant(1)) }
    }
}

struct Counter_Previews: PreviewProvider {
    static var previews: some View {
        Child(count: .constant(0))
    }
}
