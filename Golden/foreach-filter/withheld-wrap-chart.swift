// bodywork-options: --unsafe-fixes
import SwiftUI

struct Item: Identifiable {
    let id: Int
    var name: String
    var isVisible: Bool
    var isPinned: Bool
    var count: Int
}

struct ItemsChart: View {
    var items: [Item]
    var body: some View {
        Chart {
            ForEach(items) { item in
                if item.isPinned {
                    BarMark(x: item.name, y: item.count)
                } else {
                    PointMark(x: item.name, y: item.count)
                    PointMark(x: item.name, y: item.count)
                }
            }
        }
    }
}
