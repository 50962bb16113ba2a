// foreach-identity's rewritten call laid out like the file: a `ForEach(…, id: …)` line that
// would run wider than the file's lines takes its arguments on lines of their own.
import Codemod
import SwiftCST

extension IdentityPass {
    /// `edits` as they are when the call's first line still fits the file's wrap width;
    /// else with the edits inside its parentheses replaced by `arguments`, each on a line of
    /// its own (`ForEach(\n    data,\n    id: \.element.id\n) { index, item in`). Unchanged
    /// when the call's arguments already span lines or hold a comment.
    func laidOut(_ edits: [Edit], site: ForEachSite, arguments: [String]) -> [Edit] {
        let start = site.node.trimmedRange.lowerBound
        guard layout.widestLine(after: edits, around: start) > context.wrapWidth(of: tree),
              let inside = layout.argumentsOnOneLine(of: site.call) else { return edits }
        var kept = edits.filter { !inside.overlaps($0.range) && !inside.contains($0.range.lowerBound) }
        kept.append(Edit(range: inside, replacement: layout.argumentLines(arguments, indentation: layout.indentation(ofLineAt: start))))
        return kept
    }
}
