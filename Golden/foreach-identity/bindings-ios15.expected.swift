// bodywork-options: --min-ios 15 --min-macos 12
import SwiftUI

struct Item: Identifiable, Hashable {
    let id: UUID
    var name: String
    var done: Bool
}

struct ItemsView: View {
    @Binding var items: [Item]

    var body: some View {
        List {
            ForEach($items) { $item in
                Toggle(item.name, isOn: $item.done)
            }
        }
    }
}
