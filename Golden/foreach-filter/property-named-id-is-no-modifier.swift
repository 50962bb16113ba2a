// bodywork-options: --unsafe-fixes
import SwiftUI

struct G2: Identifiable { let id: Int; let title: String; let pinned: Bool }

struct O2: View {
    let groups: [G2]
    var body: some View {
        List {
            ForEach(groups) { g in
                if g.pinned {
                    Text(g.title).foregroundStyle(.red)
                } else {
                    Text("\(g.id)")
                    Text(g.title)
                }
            }
        }
    }
}
