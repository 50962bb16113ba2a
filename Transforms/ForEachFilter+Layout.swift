// foreach-filter's filter laid out like the file: a `.filter { … }` too wide for the file's
// lines breaks after `{ item in`, and its conditions take a line each when that is not enough.
import Codemod
import SwiftCST

extension ForEachFilter {
    /// `.filter { item in` with the condition on a line of its own, one level deeper than
    /// the call's line, and `}` back at it. Conditions too wide for that line keep the
    /// lines the file gave them (moved to the new depth) or, for several, one line each.
    func brokenFilter(parameters: String, conditions: [Node], joined: String, indent: String,
                      layout: SourceLayout, wrapWidth: Int) -> String {
        let nl = layout.lineEnding
        let inner = indent + layout.indentUnit
        let head = parameters.isEmpty ? ".filter {" : ".filter { " + parameters.trimmingSuffixSpaces()
        var body = joined
        if SourceLayout.widestLine(of: inner + joined) > wrapWidth {
            if conditions.count == 1, let condition = conditions.first,
               layout.bytes[condition.trimmedRange].contains(where: { $0 == 10 || $0 == 13 }) {
                // As the file broke it: its lines after the first keep their depth under
                // the `if`'s line, now under the condition's own.
                let ifIndent = layout.indentation(ofLineAt: condition.trimmedRange.lowerBound)
                body = SourceLayout.reindent(layout.text(condition.trimmedRange), from: ifIndent, to: inner)
            } else if conditions.count > 1 {
                body = conditions.map { c in
                    let text = singleLineText(c) ?? c.text
                    return Precedence.needsParenthesesInConjunction(c) ? "(\(text))" : text
                }.joined(separator: nl + inner + layout.indentUnit + "&& ")
            }
        }
        return head + nl + inner + body + nl + indent + "}"
    }

    /// The edit that adds the row's `conditions` to an existing filter's `existing`
    /// expression (`items.filter { item in a && b }`). When the joined line would run
    /// wider than `wrapWidth`, laid out as the file would: the data and `id:` on lines of
    /// their own, else the closure's condition on a line of its own after `{ item in`, else
    /// one `&&` operand a line (at the depth of a condition already on a line of its own).
    /// Joined on one line when none of these fits.
    func joinedFilterEdit(existing: Node, conditions: [Node], call: FunctionCallExpr, dataExpr: Node,
                          layout: SourceLayout, wrapWidth: Int) -> Edit {
        let text = existing.kind == .sequenceExpr && Precedence.needsParenthesesInConjunction(existing) ? "(\(existing.text))" : existing.text
        let added = conditions.map { c in Precedence.needsParenthesesInConjunction(c) ? "(\(c.text))" : c.text }.joined(separator: " && ")
        let joined = Edit(range: existing.trimmedRange, replacement: text + " && " + added)
        guard layout.widestLine(after: [joined], around: existing.trimmedRange.lowerBound) > wrapWidth,
              let closureNode = existing.parent, let closure = ClosureExpr(closureNode),
              let open = closure.leftBrace, let close = closure.rightBrace else { return joined }
        var operands = conjunctionOperands(existing, layout: layout)
        for condition in conditions {
            guard let expression = condition.kind == .condition ? condition.firstChildNode : condition,
                  let found = conjunctionOperands(expression, layout: layout) else { return joined }
            operands? += found
        }
        let nl = layout.lineEnding
        let unit = layout.indentUnit
        if layout.isFirstOnLine(existing.trimmedRange.lowerBound) {
            // The condition has a line of its own already: one operand a line.
            guard let operands else { return joined }
            let depth = layout.indentation(ofLineAt: existing.trimmedRange.lowerBound)
            let lines = Edit(range: existing.trimmedRange, replacement: operands.joined(separator: nl + depth + unit + "&& "))
            return layout.widestLine(after: [lines], around: existing.trimmedRange.lowerBound) <= wrapWidth ? lines : joined
        }
        let whole = open.textRange.lowerBound..<close.textRange.upperBound
        guard !layout.bytes[whole].contains(where: { $0 == 10 || $0 == 13 }) else { return joined }
        // `ForEach(items.filter { … }, id: \.id)`: the data and `id:` on lines of their own.
        let indent = layout.indentation(ofLineAt: call.node.trimmedRange.lowerBound)
        let data = layout.applying([joined], to: dataExpr.trimmedRange)
        if call.arguments.count == 2, let id = call.argument("id")?.expression.flatMap(singleLineText),
           let inside = layout.argumentsOnOneLine(of: call), SourceLayout.widestLine(of: indent + unit + data + ",") <= wrapWidth {
            return Edit(range: inside, replacement: layout.argumentLines([data, "id: " + id], indentation: indent))
        }
        // The condition on a line of its own after `{ item in`, or one operand a line.
        let depth = layout.indentation(ofLineAt: open.textRange.lowerBound)
        let inner = depth + unit
        var body = text + " && " + added
        if SourceLayout.widestLine(of: inner + body) > wrapWidth, let operands {
            body = operands.joined(separator: nl + inner + unit + "&& ")
        }
        let parameters = closure.parameterClause.map { " " + $0.text + " in" } ?? ""
        return Edit(range: whole, replacement: "{" + parameters + nl + inner + body + nl + depth + "}")
    }

    /// The operands of `expression` joined by `&&`, each on one line and without comments,
    /// in parentheses where `&&` would bind them otherwise; the whole expression when it is
    /// not a conjunction of its own. Nil when an operand spans lines or holds a comment.
    private func conjunctionOperands(_ expression: Node, layout: SourceLayout) -> [String]? {
        var pieces: [Range<Int>] = []
        if expression.kind == .sequenceExpr, !Precedence.needsParenthesesInConjunction(expression) {
            var start: Int? = nil, end = 0
            for child in expression.children {
                if case .token(let token) = child, token.kind == .binaryOperator, token.textIs("&&") {
                    guard let from = start else { return nil }
                    pieces.append(from..<end)
                    start = nil
                    continue
                }
                let range = child.trimmedRange
                if start == nil { start = range.lowerBound }
                end = range.upperBound
            }
            guard let from = start else { return nil }
            pieces.append(from..<end)
        } else {
            pieces = [expression.trimmedRange]
        }
        var operands: [String] = []
        for piece in pieces {
            let text = layout.text(piece)
            guard !text.contains(where: \.isNewline), !text.contains("//"), !text.contains("/*") else { return nil }
            operands.append(pieces.count == 1 && Precedence.needsParenthesesInConjunction(expression) ? "(\(text))" : text)
        }
        return operands
    }
}
