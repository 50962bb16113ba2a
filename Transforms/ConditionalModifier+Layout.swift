// conditional-modifier's rewrite laid out like the file: the first branch with each
// differing value merged, moved out by the `if`'s level, its ternaries broken when a line
// would run wider than the file's.
import Codemod
import SwiftCST

extension BranchPair {
    /// The whole `if … else { … }` replaced by the first branch's expression with each
    /// differing value replaced, its lines moved out by the level the `if` added. Where a
    /// line would run wider than the file's, a call holding several merged values takes its
    /// arguments one a line; else the ternary the line runs wide at breaks before `?` (and,
    /// if that is still too wide, before `:` too), one level deeper than its line.
    func edit(values: [MergedValue], layout: SourceLayout, wrapWidth: Int) -> Edit {
        var merged = MergedStatement(pair: self, values: values, layout: layout)
        merged.layOut(wrapWidth: wrapWidth)
        return Edit(range: ifExpr.node.trimmedRange, replacement: merged.assembled().text)
    }
}

/// One differing argument's merged value, where it goes in the first branch, and its
/// ternary's parts when it is one.
struct MergedValue {
    /// The first branch's value.
    let node: Node
    let text: String
    let ternary: Ternary?

    var range: Range<Int> { node.trimmedRange }

    /// The call whose argument list holds the value itself.
    var call: FunctionCallExpr? {
        guard let argument = node.parent, argument.kind == .argument, let list = argument.parent, list.kind == .argumentList,
              let call = list.parent, call.kind == .functionCallExpr else { return nil }
        return FunctionCallExpr(call)
    }
}

/// The first branch's statement as it is rewritten: its values merged, its lines moved out
/// by the `if`'s level, and the breaks that keep its lines within the file's width.
private struct MergedStatement {
    let layout: SourceLayout
    let values: [MergedValue]
    let statement: Range<Int>
    let from: String, to: String
    let moves: Bool
    /// The values' indices in source order.
    let order: [Int]
    /// The text before the `if` on its first line, and after it on its last.
    let prefix: String, suffix: String
    var texts: [String]
    /// Calls whose arguments are laid out one a line: the inside of their parentheses and its text.
    var relaid: [(inside: Range<Int>, text: String)] = []

    init(pair: BranchPair, values: [MergedValue], layout: SourceLayout) {
        self.layout = layout
        self.values = values
        statement = pair.thenStatement.trimmedRange
        from = layout.indentation(ofLineAt: statement.lowerBound)
        let whole = pair.ifExpr.node.trimmedRange
        to = layout.indentation(ofLineAt: whole.lowerBound)
        moves = from.hasPrefix(to) && from != to && !holdsMultilineString(pair.thenStatement) && layout.isFirstOnLine(statement.lowerBound)
        order = values.indices.sorted { values[$0].range.lowerBound < values[$1].range.lowerBound }
        prefix = layout.text(layout.lineStart(whole.lowerBound)..<whole.lowerBound)
        suffix = layout.text(whole.upperBound..<layout.lineEnd(whole.upperBound))
        texts = values.map(\.text)
    }

    /// The statement with the values' texts (`texts`, else the current ones) and the relaid
    /// calls in place, moved out, and the line of the output each value starts on (a value of
    /// a relaid call: the call's first line); with `through`, only up to that value's end.
    func assembled(_ texts: [String]? = nil, through last: Int? = nil) -> (text: String, lines: [Int]) {
        let texts = texts ?? self.texts
        var pieces: [(range: Range<Int>, text: String, value: Int?)] = relaid.map { ($0.inside, $0.text, nil) }
        for index in order where !relaid.contains(where: { $0.inside.contains(values[index].range.lowerBound) }) {
            pieces.append((values[index].range, texts[index], index))
        }
        pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
        var bytes: [UInt8] = []
        var lines = [Int](repeating: 0, count: values.count)
        var position = statement.lowerBound
        for piece in pieces {
            bytes += layout.bytes[position..<piece.range.lowerBound]
            let line = SourceLayout.lineBreaks(in: bytes)
            for index in order where piece.range.contains(values[index].range.lowerBound) { lines[index] = line }
            bytes += Array(piece.text.utf8)
            position = piece.range.upperBound
            if let last, piece.value == last {
                position = statement.upperBound
                break
            }
        }
        bytes += layout.bytes[position..<statement.upperBound]
        let text = String(decoding: bytes, as: UTF8.self)
        return (moves ? SourceLayout.reindent(text, from: from, to: to) : text, lines)
    }

    /// The output's lines (with the text around the `if`) and the lines value `index` holds.
    private func heldLines(of index: Int) -> (output: [Substring], held: ClosedRange<Int>) {
        let (text, lines) = assembled()
        let output = (prefix + text + suffix).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let written = relaid.first { $0.inside.contains(values[index].range.lowerBound) }?.text ?? texts[index]
        let held = lines[index]...min(lines[index] + SourceLayout.lineBreaks(in: Array(written.utf8)), output.count - 1)
        return (output, held)
    }

    private func fits(_ index: Int, wrapWidth: Int) -> Bool {
        let (output, held) = heldLines(of: index)
        return !held.contains { SourceLayout.widestLine(of: output[$0]) > wrapWidth }
    }

    mutating func layOut(wrapWidth: Int) {
        var settled = Set<Int>()
        for (place, index) in order.enumerated() where !settled.contains(index) {
            guard !fits(index, wrapWidth: wrapWidth) else { continue }
            if let together = relayArguments(around: index, wrapWidth: wrapWidth) {
                settled.formUnion(together)
                continue
            }
            guard let ternary = values[index].ternary else { continue }
            let deeper = layout.indentation(ofLineAt: values[index].range.lowerBound) + layout.indentUnit
            for eachBranch in [false, true] {
                guard !fits(index, wrapWidth: wrapWidth), !runsWideAfter(place, wrapWidth: wrapWidth) else { break }
                texts[index] = ternary.broken(indentation: deeper, lineEnding: layout.lineEnding, eachBranch: eachBranch)
            }
        }
    }

    /// Whether a later ternary starts on the last line of the value at `place` in source
    /// order, and that line fits up to that ternary's condition: the line runs wide after
    /// the value, and the later ternary is the one to break.
    private func runsWideAfter(_ place: Int, wrapWidth: Int) -> Bool {
        guard place + 1 < order.count else { return false }
        let index = order[place], next = order[place + 1]
        guard let condition = values[next].ternary?.condition, assembled().lines[next] == heldLines(of: index).held.upperBound
        else { return false }
        var shortened = texts
        shortened[next] = condition
        guard let line = (prefix + assembled(shortened, through: next).text).split(whereSeparator: \.isNewline).last else { return false }
        return SourceLayout.widestLine(of: line) <= wrapWidth
    }

    /// The arguments of the call holding value `index`, one a line, when it holds another
    /// merged value too (`.frame(width: c ? 44 : 28, height: c ? 44 : 28)`), its arguments
    /// are on one line without comments, and its lines then fit: the values it holds.
    private mutating func relayArguments(around index: Int, wrapWidth: Int) -> [Int]? {
        guard let call = values[index].call, let inside = layout.argumentsOnOneLine(of: call) else { return nil }
        let together = order.filter { inside.contains(values[$0].range.lowerBound) }
        guard together.count > 1, together.allSatisfy({ texts[$0] == values[$0].text }) else { return nil }
        var arguments: [String] = []
        for argument in call.arguments {
            guard let expression = argument.expression else { return nil }
            var text = ""
            var position = argument.labelToken?.textRange.lowerBound ?? expression.trimmedRange.lowerBound
            for value in together where expression.trimmedRange.contains(values[value].range.lowerBound) {
                text += layout.text(position..<values[value].range.lowerBound) + texts[value]
                position = values[value].range.upperBound
            }
            arguments.append(text + layout.text(position..<expression.trimmedRange.upperBound))
        }
        relaid.append((inside, layout.argumentLines(arguments, indentation: layout.indentation(ofLineAt: inside.lowerBound))))
        if fits(index, wrapWidth: wrapWidth) { return together }
        relaid.removeLast()
        return nil
    }
}
