import SwiftUI

struct Entry: Identifiable, Decodable {
    let id: Int
    var title: String
}

// Work in actions runs on events, not while body is evaluated.
struct ActionsView: View {
    @State private var entries: [Entry] = []
    @State private var selected: Int?
    var fileURL: URL

    var body: some View {
        VStack {
            Button("Sort") {
                entries = entries.sorted { $0.title < $1.title }
            }
            Button(action: { entries = entries.filter { $0.id > 0 } }) {
                Text("Drop")
            }
            PickerRow(onSelect: { id in
                selected = entries.filter { $0.id == id }.first?.id
            })
            PickerRow { id in
                await reload(id)
            }
            Text("\(entries.count)")
                .onAppear {
                    let data = try? Data(contentsOf: fileURL)
                    entries = (try? JSONDecoder().decode([Entry].self, from: data ?? Data())) ?? []
                }
                .task {
                    entries = entries.sorted { $0.id < $1.id }
                }
                .onChange(of: selected) {
                    entries = entries.filter { $0.id != selected }
                }
                .onTapGesture {
                    Task {
                        entries = load()
                    }
                }
        }
    }

    // Reached only from actions.
    private func load() -> [Entry] {
        let data = (try? Data(contentsOf: fileURL)) ?? Data()
        return ((try? JSONDecoder().decode([Entry].self, from: data)) ?? []).sorted { $0.id < $1.id }
    }

    private func reload(_ id: Int) async {
        entries = load().filter { $0.id == id }
    }
}

struct PickerRow: View {
    var onSelect: (Int) async -> Void

    var body: some View {
        Button("Pick") {
            Task { await onSelect(1) }
        }
    }
}
