// conditional-modifier's rewrite laid out like the file: the first branch with each
// differing value merged, moved out by the `if`'s level, its ternaries broken when a line
// would run wider than the file's.
import Codemod
import SwiftCST

extension BranchPair {
    /// The whole `if … else { … }` replaced by the first branch's expression with each
    /// differing value replaced, its lines moved out by the level the `if` added. A ternary
    /// whose line would run wider than the file's breaks before `?` (and, if that is still
    /// too wide, before `:` too), one level deeper than its line.
    func edit(values: [MergedValue], layout: SourceLayout, wrapWidth: Int) -> Edit {
        let statement = thenStatement.trimmedRange
        let from = layout.indentation(ofLineAt: statement.lowerBound)
        let whole = ifExpr.node.trimmedRange
        let to = layout.indentation(ofLineAt: whole.lowerBound)
        let moves = from.hasPrefix(to) && from != to && !holdsMultilineString(thenStatement) && layout.isFirstOnLine(statement.lowerBound)
        let order = values.indices.sorted { values[$0].range.lowerBound < values[$1].range.lowerBound }
        // The statement with `texts` in place, moved out, and the line of the output each value starts on.
        func assembled(_ texts: [String]) -> (text: String, lines: [Int]) {
            var bytes: [UInt8] = []
            var lines = [Int](repeating: 0, count: values.count)
            var position = statement.lowerBound
            for index in order {
                bytes += layout.bytes[position..<values[index].range.lowerBound]
                lines[index] = SourceLayout.lineBreaks(in: bytes)
                bytes += Array(texts[index].utf8)
                position = values[index].range.upperBound
            }
            bytes += layout.bytes[position..<statement.upperBound]
            let text = String(decoding: bytes, as: UTF8.self)
            return (moves ? SourceLayout.reindent(text, from: from, to: to) : text, lines)
        }
        var texts = values.map(\.text)
        let prefix = layout.text(layout.lineStart(whole.lowerBound)..<whole.lowerBound)
        let suffix = layout.text(whole.upperBound..<layout.lineEnd(whole.upperBound))
        for index in order {
            guard let ternary = values[index].ternary else { continue }
            let deeper = layout.indentation(ofLineAt: values[index].range.lowerBound) + layout.indentUnit
            for eachBranch in [false, true] {
                let (text, lines) = assembled(texts)
                let output = (prefix + text + suffix).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                let held = lines[index]...min(lines[index] + SourceLayout.lineBreaks(in: Array(texts[index].utf8)), output.count - 1)
                guard held.contains(where: { SourceLayout.widestLine(of: output[$0]) > wrapWidth }) else { break }
                texts[index] = ternary.broken(indentation: deeper, lineEnding: layout.lineEnding, eachBranch: eachBranch)
            }
        }
        return Edit(range: whole, replacement: assembled(texts).text)
    }
}

/// One differing argument's merged value, where it goes in the first branch, and its
/// ternary's parts when it is one.
struct MergedValue {
    let range: Range<Int>
    let text: String
    let ternary: Ternary?
}
