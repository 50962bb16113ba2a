// The shapes conditional-modifier and eager-stack write: ternaries of one style type,
// AnyShapeStyle for two, lazy stacks with the eager stacks' arguments.
import SwiftUI

struct Merged: View {
    let isOn: Bool
    let rows: [String]

    var body: some View {
        Text("a").foregroundStyle(isOn ? .red : .blue)
        Text("b").foregroundStyle(isOn ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
        Rectangle().fill(isOn ? AnyShapeStyle(.tint) : AnyShapeStyle(Color.gray))
        Text("c").bold(isOn).tint(isOn ? .red : .blue).opacity(isOn ? 1 : 0.5)
        ScrollView {
            LazyVStack(alignment: .leading, spacing: 4) {
                ForEach(rows, id: \.self) { row in Text(row) }
            }
        }
        ScrollView(.horizontal) {
            LazyHStack(alignment: .top, spacing: 2, pinnedViews: .sectionHeaders) {
                ForEach(rows, id: \.self) { row in Text(row) }
            }
        }
    }
}
