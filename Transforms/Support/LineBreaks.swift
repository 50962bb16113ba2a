// Where a fix breaks the lines it writes when they would run wider than the file's own:
// at the places the file's style breaks (a call's arguments on lines of their own).
import Codemod
import SwiftCST

extension SourceLayout {
    /// The columns of the widest line that the lines holding `offset` become once `edits`
    /// are applied: the edits that touch those lines are applied to a copy of them (an edit
    /// reaching into a neighbouring line takes that line in too).
    func widestLine(after edits: [Edit], around offset: Int) -> Int {
        var start = lineStart(offset), end = lineEnd(offset)
        let touching = edits.filter { $0.range.upperBound >= start && $0.range.lowerBound <= end }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
        for edit in touching {
            start = min(start, lineStart(edit.range.lowerBound))
            end = max(end, lineEnd(edit.range.upperBound))
        }
        var text: [UInt8] = []
        var position = start
        for edit in touching where edit.range.lowerBound >= position {
            text += bytes[position..<edit.range.lowerBound]
            text += edit.replacement
            position = edit.range.upperBound
        }
        text += bytes[min(position, end)..<end]
        return SourceLayout.widestLine(of: String(decoding: text, as: UTF8.self))
    }

    /// The line breaks in `bytes`: LF, CRLF and CR each count once.
    static func lineBreaks(in bytes: [UInt8]) -> Int {
        var count = 0
        for (position, byte) in bytes.enumerated() where byte == 10 || (byte == 13 && (position + 1 == bytes.count || bytes[position + 1] != 10)) {
            count += 1
        }
        return count
    }

    /// The inside of a call's parentheses with each argument on a line of its own, one
    /// level deeper than `indentation` (the call's line), and the `)` back at it:
    ///
    ///     ForEach(
    ///         Array(items.enumerated()),
    ///         id: \.element.id
    ///     ) { index, item in
    ///
    /// `arguments` are written as given (with their labels); an argument's own inner lines
    /// must already be at their depth.
    func argumentLines(_ arguments: [String], indentation: String) -> String {
        let inner = indentation + indentUnit
        return lineEnding + inner + arguments.joined(separator: "," + lineEnding + inner) + lineEnding + indentation
    }

    /// The inside of a call's parentheses, from after `(` to before `)`, when the call's
    /// arguments can be laid out again: it is on one line and holds no comment.
    func argumentsOnOneLine(of call: FunctionCallExpr) -> Range<Int>? {
        call.argumentList.flatMap(insideOnOneLine)
    }

    /// The inside of `list`'s parentheses (an argument list, a parameter clause) when it is
    /// on one line and holds no comment.
    func insideOnOneLine(_ list: Node) -> Range<Int>? {
        guard let open = list.firstToken, open.kind == .leftParen,
              let close = list.lastToken, close.kind == .rightParen else { return nil }
        let inside = open.textRange.upperBound..<close.textRange.lowerBound
        guard !inside.isEmpty, !bytes[inside].contains(10), !bytes[inside].contains(13) else { return nil }
        for index in (open.index + 1)...close.index {
            let token = list.tree.token(at: index)
            if token.leadingTriviaPieces.contains(where: { $0.kind.isComment }) { return nil }
            if index < close.index, token.trailingTriviaPieces.contains(where: { $0.kind.isComment }) { return nil }
        }
        if open.trailingTriviaPieces.contains(where: { $0.kind.isComment }) { return nil }
        return inside
    }

    /// `edits` as they are when the line of `declaration`'s parameters fits in `width`
    /// columns once they are applied; else with the parameters one a line, as the file's
    /// long signatures are written (`func row(\n    for item: Item,\n    …\n) -> some View {`).
    /// Unchanged when the parameters span lines, hold a comment or an edit.
    func wrappingParameters(of declaration: Node, edits: [Edit], width: Int) -> [Edit] {
        guard let signature = declaration.child(.functionSignature), let clause = signature.child(.parameterClause),
              let inside = insideOnOneLine(clause),
              widestLine(after: edits, around: inside.lowerBound) > width,
              !edits.contains(where: { $0.range.overlaps(inside) || inside.contains($0.range.lowerBound) }) else { return edits }
        let parameters = clause.children(.parameter).map { parameter in
            text(parameter.trimmedRange).trimmingTrailingComma()
        }
        guard !parameters.isEmpty else { return edits }
        return edits + [Edit(range: inside, replacement: argumentLines(parameters, indentation: indentation(ofLineAt: inside.lowerBound)))]
    }

    /// `edits` as they are when the lines they touch around `node` fit in `width` columns;
    /// else with the arguments of a call around `node` (in its statement, its arguments on
    /// `node`'s line, without comments) laid out one a line, the edits inside them written
    /// into the new text: the outermost such call whose lines then fit, so that the break
    /// comes where a reader looks first:
    ///
    ///     Text(String(
    ///         format: "%@ – %@",
    ///         Self.formatter.string(from: start),
    ///         Self.formatter.string(from: end)
    ///     ))
    ///
    /// `edits` as they are when no call around `node` does.
    func wrappingArguments(around node: Node, edits: [Edit], width: Int) -> [Edit] {
        let offset = node.trimmedRange.lowerBound
        guard widestLine(after: edits, around: offset) > width else { return edits }
        let line = lineStart(offset)
        var calls: [(FunctionCallExpr, Range<Int>)] = []
        var current = node.parent
        while let ancestor = current, ![.codeBlock, .closureExpr, .memberBlock, .sourceFile].contains(ancestor.kind) {
            current = ancestor.parent
            if let call = FunctionCallExpr(ancestor), !call.arguments.isEmpty,
               let inside = argumentsOnOneLine(of: call), lineStart(inside.lowerBound) == line {
                calls.append((call, inside))
            }
        }
        let within = { (edit: Edit, range: Range<Int>) in range.lowerBound <= edit.range.lowerBound && edit.range.upperBound <= range.upperBound }
        for (call, inside) in calls.reversed() {
            var ranges: [Range<Int>] = []
            for argument in call.arguments {
                guard let expression = argument.expression else { break }
                ranges.append((argument.labelToken?.textRange.lowerBound ?? expression.trimmedRange.lowerBound)..<expression.trimmedRange.upperBound)
            }
            // Every edit inside the parentheses must fall in an argument, to be written into it.
            guard ranges.count == call.arguments.count,
                  edits.allSatisfy({ edit in !within(edit, inside) || ranges.contains { within(edit, $0) } }),
                  edits.allSatisfy({ within($0, inside) || !$0.range.overlaps(inside) }) else { continue }
            let arguments = ranges.map { range in applying(edits.filter { within($0, range) }, to: range) }
            var laid = edits.filter { !within($0, inside) }
            laid.append(Edit(range: inside, replacement: argumentLines(arguments, indentation: indentation(ofLineAt: offset))))
            if widestLine(after: laid, around: offset) <= width { return laid }
        }
        return edits
    }

    /// The text of `range` with `edits` (each inside it, none overlapping) applied.
    func applying(_ edits: [Edit], to range: Range<Int>) -> String {
        var bytes: [UInt8] = []
        var position = range.lowerBound
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= position {
            bytes += self.bytes[position..<edit.range.lowerBound]
            bytes += edit.replacement
            position = edit.range.upperBound
        }
        bytes += self.bytes[position..<range.upperBound]
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The text without a final `,` and the spaces before it.
    fileprivate func trimmingTrailingComma() -> String {
        var text = Substring(self)
        if text.hasSuffix(",") { text = text.dropLast() }
        return String(text.trimmingSuffixSpaces())
    }
}
