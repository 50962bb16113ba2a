// Sample: explicit identity, type erasure, builder control flow and common modifiers.
import SwiftUI

struct Badge: View, Equatable {
    let label: String
    var body: some View {
        Label(label, systemImage: "star")
    }
}

struct Dashboard: View {
    @State private var isOn = false
    @State private var selection = 0
    @State private var query = ""
    let title: String

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVStack(alignment: .leading) {
                    Text(title)
                        .id(UUID())
                    AnyView(Text("erased"))
                    Badge(label: "new").equatable()
                    if isOn {
                        Image(systemName: "checkmark")
                            .resizable()
                            .frame(width: 20, height: 20)
                    } else {
                        Color.red.frame(maxWidth: .infinity)
                    }
                    if #available(iOS 17, *) {
                        Text("new API")
                    }
                    switch selection {
                    case 0: Text("zero")
                    case 1: EmptyView()
                    default: Spacer()
                    }
                    Group {
                        Button("Toggle") { isOn.toggle() }
                        Button(action: { selection += 1 }) { Text("Next").bold() }
                        Toggle("On", isOn: $isOn)
                    }
                    Picker("Pick", selection: $selection) {
                        Text("A").tag(0)
                        Text("B").tag(1)
                    }
                    HStack { Text("a") + Text("b").italic(); Divider() }
                    ZStack(alignment: .topLeading) { RoundedRectangle(cornerRadius: 4).fill(.blue); Circle() }
                    Section("More") { Text("x") }
                }
                .padding()
                .padding(8)
                .padding(.horizontal, 12)
                .foregroundStyle(.secondary)
                .foregroundColor(.blue)
                .font(.title)
            }
            .navigationTitle("Dashboard")
            .searchable(text: $query)
            .task { await refresh() }
            .task(id: selection) { await refresh() }
            .onAppear { selection = 0 }
            .onChange(of: selection) { old, new in isOn = old != new }
        }
    }

    func refresh() async {}
}
