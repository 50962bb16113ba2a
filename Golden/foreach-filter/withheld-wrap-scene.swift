// bodywork-options: --unsafe-fixes
import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct ItemsApp: App {
    var items: [Item] = []
    var body: some Scene {
        WindowGroup {
            ForEach(items) { item in
                if item.isPinned {
                    Text(item.name).bold()
                } else {
                    Text(item.name)
                    Text(item.name)
                }
            }
        }
    }
}
