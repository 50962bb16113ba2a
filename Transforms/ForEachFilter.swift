// Rule `foreach-filter`: a ForEach row that is sometimes empty defeats SwiftUI's row
// counting; the filter belongs on the data, not inside the row.
import Codemod
import SwiftCST

/// Moves an `if` that wraps a whole `ForEach` (or `List`) row into a `filter` on the
/// data.
///
/// When a row's closure may produce no view, SwiftUI cannot know the number of rows from
/// the data alone: it has to run every row's closure on each update, and `List` loses
/// its lazy fast path. Filtering the collection keeps one view per element.
///
/// The fix applies when the row's only statement is an `if` without `else` whose
/// conditions are plain Boolean expressions. It is withheld, with a message, for rows
/// with `.onDelete`/`.onMove` (their offsets would index the filtered array), for
/// `if let`/`if case`/`#available`/`try`/`await` conditions, for binding data (`$items`)
/// and for unusual layouts. Rows that start with `if … else` or `switch` are reported
/// with a suggested fix that wraps the row in a `VStack`. Sorting, mapping or filtering
/// in the data argument is reported without a fix: it runs on every body evaluation and
/// belongs in the model.
public struct ForEachFilter: Rule {
    public init() {}

    /// Every finding starts at a `ForEach` or `List` call.
    public func mayFind(in bytes: [UInt8]) -> Bool { containsAny(bytes, of: ["ForEach", "List"]) }

    public let id = "foreach-filter"
    public let summary = "Move `if` filters out of ForEach rows into a filter on the data"
    public let documentation = """
        A ForEach or List row whose content is wrapped in an `if` produces zero or one \
        view per element, so SwiftUI must evaluate every row to count them and List loses \
        its lazy fast path. Filtering the data keeps exactly one view per element.

        Before:

            ForEach(items) { item in
                if item.isVisible {
                    Row(item: item)
                }
            }

        After:

            ForEach(items.filter { item in item.isVisible }) { item in
                Row(item: item)
            }

        Withheld (reported only): rows with .onDelete or .onMove, `if let`, `if case`, \
        `#available`, `try` or `await` conditions, binding data such as `$items`, and rows \
        laid out so that the rewrite could not keep their formatting. A row starting with \
        `if … else` or `switch` gets a suggested fix that wraps it in a VStack. Calls such as \
        `filter`, `sorted` or `map` in the data argument are reported without a fix: keep \
        the derived collection in the model instead.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        for node in tree.root.descendants(.functionCallExpr) {
            guard let call = FunctionCallExpr(node), let name = call.calleeName,
                  name == "ForEach" || name == "List", call.callee?.kind == .identifierExpr,
                  let data = call.arguments.first, data.label == nil, let dataExpr = data.expression
            else { continue }
            if let finding = expensiveDataFinding(dataExpr, callee: name) { findings.append(finding) }
            guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty else { continue }
            if let finding = rowFinding(call: call, name: name, data: data, dataExpr: dataExpr,
                                        closure: closure, layout: layout) {
                findings.append(finding)
            }
        }
        return findings
    }

    // MARK: - Rows

    private func rowFinding(call: FunctionCallExpr, name: String, data: Argument, dataExpr: Node,
                            closure: ClosureExpr, layout: SourceLayout) -> Finding? {
        let statements = closure.statements
        guard statements.count == 1, let statement = statements.first else { return nil }
        let range = statement.trimmedRange

        if statement.kind == .switchExpr {
            return Finding(ruleID: id, range: range,
                           message: "The \(name) row starts with a `switch`, so its view count can vary per element; wrap the row in a single container",
                           fix: wrapFix(closure: closure, statement: statement, layout: layout))
        }
        guard let ifExpr = IfExpr(statement) else { return nil }
        if ifExpr.node.token(.else) != nil {
            return Finding(ruleID: id, range: range,
                           message: "The \(name) row starts with `if … else`, so its view count can vary per element; wrap the row in a single container",
                           fix: wrapFix(closure: closure, statement: statement, layout: layout))
        }

        let message = "`if` inside a \(name) row makes the row count depend on every row's content; filter the data instead"
        func withheld(_ reason: String) -> Finding {
            Finding(ruleID: id, range: range, message: message + " (\(reason))", withheldReason: reason)
        }

        if dataExpr.firstToken?.kind == .dollarIdentifier {
            return withheld("the data is a binding; filter it in the model")
        }
        if let modifier = editingModifier(on: call.node) {
            return withheld("`.\(modifier)` offsets would index the filtered array, not the source; filter in the model")
        }
        let conditions = ifExpr.conditions
        guard !conditions.isEmpty else { return nil }
        for condition in conditions {
            if let reason = unsupportedCondition(condition) { return withheld(reason) }
        }
        guard let body = ifExpr.body, let open = body.leftBrace, let close = body.rightBrace else { return nil }
        guard let contentEdits = unwrapEdits(ifExpr: ifExpr, open: open, close: close, layout: layout) else {
            return withheld("the row's layout is unusual; rewrite it by hand")
        }

        // The filter closure reuses the row's parameters as written.
        let parameters = closure.parameterClause.map { $0.text + " in " } ?? ""
        var texts: [String] = []
        for condition in conditions {
            guard let text = singleLineText(condition) else {
                return withheld("the condition spans lines with comments; move it by hand")
            }
            texts.append(conditions.count > 1 && needsParenthesesInConjunction(condition) ? "(\(text))" : text)
        }
        let joined = texts.joined(separator: " && ")
        var edits: [Edit] = []
        let dataRange = dataExpr.trimmedRange
        let filterCall = ".filter { \(parameters)\(joined) }"
        if let existing = joinableFilter(dataExpr, rowParameters: closure.parameterClause?.text) {
            // `items.filter { a }` with the same parameters: `items.filter { a && b }`.
            let range = existing.trimmedRange
            let text = existing.kind == .sequenceExpr && needsParenthesesInConjunction(existing) ? "(\(existing.text))" : existing.text
            let added = conditions.map { c in needsParenthesesInConjunction(c) ? "(\(c.text))" : c.text }.joined(separator: " && ")
            edits.append(Edit(range: range, replacement: text + " && " + added))
        } else if needsParenthesesAsBase(dataExpr) {
            edits.append(.insert("(", at: dataRange.lowerBound))
            edits.append(.insert(")" + filterCall, at: dataRange.upperBound))
        } else {
            edits.append(.insert(filterCall, at: dataRange.upperBound))
        }
        // A range without `id:` was read once as constant data; filtered, it needs an id.
        if isRange(dataExpr) && call.argument("id") == nil {
            edits[edits.count - 1].replacement += Array(", id: \\.self".utf8)
        }
        edits.append(contentsOf: contentEdits)
        return Finding(ruleID: id, range: range, message: message,
                       fix: Fix(edits: edits, safety: .safe, summary: "filter the data of \(name)"))
    }

    /// Why a condition cannot move into a filter, or nil when it can.
    private func unsupportedCondition(_ condition: Node) -> String? {
        guard let first = condition.firstToken else { return "empty condition" }
        switch first.keyword {
        case .let, .var: return "`if let` binds a value the row uses"
        case .case: return "`if case` pattern conditions are not moved"
        default: break
        }
        if first.kind == .poundAvailable { return "`#available` conditions must stay in the view" }
        for node in condition.preorder {
            switch node.kind {
            case .tryExpr: return "the condition can throw"
            case .awaitExpr: return "the condition is asynchronous"
            case .assignmentExpr: return "the condition assigns"
            default: continue
            }
        }
        return nil
    }

    /// The edits that replace the `if` statement by its body, one indentation level out.
    private func unwrapEdits(ifExpr: IfExpr, open: Token, close: Token, layout: SourceLayout) -> [Edit]? {
        let ifStart = ifExpr.node.trimmedRange.lowerBound
        let ifEnd = ifExpr.node.trimmedRange.upperBound
        let tree = ifExpr.node.tree
        // Single line: `{ item in if c { Row() } }`.
        if !tree.bytes[ifStart..<ifEnd].contains(10) && !tree.bytes[ifStart..<ifEnd].contains(13) {
            guard let first = open.next, first.index < close.index else { return nil }
            let inner = first.textRange.lowerBound..<(close.previous?.textRange.upperBound ?? first.textRange.upperBound)
            return [Edit(range: ifStart..<ifEnd, replacement: layout.text(inner))]
        }
        // Block: `if` first on its line, `{` last on its line, `}` alone on its line.
        guard layout.isFirstOnLine(ifStart), layout.isFirstOnLine(close.textRange.lowerBound),
              layout.isLastOnLine(open.textRange.upperBound),
              layout.isLastOnLine(close.textRange.upperBound),
              !hasComment(open.trailingTriviaRange, tree), !hasComment(close.trailingTriviaRange, tree)
        else { return nil }
        let headStart = layout.lineStart(ifStart)
        let headEnd = layout.afterLineBreak(layout.lineEnd(open.textRange.upperBound))
        let closeLineStart = layout.lineStart(close.textRange.lowerBound)
        let closeLineEnd = layout.lineEnd(close.textRange.upperBound)
        guard headEnd <= closeLineStart else { return nil }
        let outer = layout.indentation(ofLineAt: ifStart)
        let unit = contentIndentStep(outer: outer, content: headEnd..<closeLineStart, layout: layout)
        let content = layout.removingIndentation(unit, in: headEnd..<closeLineStart)
        // Replace from the `if` line through the `}` line (its line break stays).
        return [Edit(range: headStart..<closeLineEnd, replacement: String(content.dropLast(trailingLineBreakLength(content))))]
    }

    private func trailingLineBreakLength(_ text: String) -> Int {
        if text.hasSuffix("\r\n") { return 1 }  // one Character: "\r\n" is a single grapheme
        if text.hasSuffix("\n") || text.hasSuffix("\r") { return 1 }
        return 0
    }

    /// The indentation the content adds over `outer`: the first content line's extra
    /// indentation when it extends `outer`, else the file's unit.
    private func contentIndentStep(outer: String, content: Range<Int>, layout: SourceLayout) -> String {
        var i = content.lowerBound
        while i < content.upperBound {
            let indent = layout.indentation(ofLineAt: i)
            let end = layout.lineEnd(i)
            let isBlank = layout.lineStart(i) + indent.utf8.count >= end
            if !isBlank {
                if indent.hasPrefix(outer) && indent.count > outer.count { return String(indent.dropFirst(outer.count)) }
                return layout.indentUnit
            }
            i = layout.afterLineBreak(end)
        }
        return layout.indentUnit
    }

    private func hasComment(_ range: Range<Int>, _ tree: SyntaxTree) -> Bool {
        tree.bytes[range].contains(UInt8(ascii: "/"))
    }

    /// A suggested fix wrapping the row in `VStack { … }`, or nil for unusual layouts.
    private func wrapFix(closure: ClosureExpr, statement: Node, layout: SourceLayout) -> Fix? {
        let range = statement.trimmedRange
        guard layout.isFirstOnLine(range.lowerBound), layout.isLastOnLine(range.upperBound) else { return nil }
        let lineStart = layout.lineStart(range.lowerBound)
        let lineEnd = layout.lineEnd(range.upperBound)
        let indent = layout.indentation(ofLineAt: range.lowerBound)
        let nl = layout.lineEnding
        var inner = ""
        var i = lineStart
        while i < lineEnd {
            let end = layout.lineEnd(i)
            let line = layout.text(i..<end)
            inner += (line.allSatisfy { $0 == " " || $0 == "\t" } ? "" : layout.indentUnit) + line
            i = layout.afterLineBreak(end)
            if i < lineEnd || end < lineEnd { inner += nl }
        }
        let replacement = indent + "VStack {" + nl + inner + nl + indent + "}"
        return Fix(edits: [Edit(range: lineStart..<lineEnd, replacement: replacement)], safety: .suggested,
                   summary: "wrap the row in a VStack")
    }

    /// The node's text on one line: trivia that holds a line break becomes one space.
    /// Nil when the node spans lines with a comment between its tokens.
    private func singleLineText(_ node: Node) -> String? {
        guard let first = node.firstToken, let last = node.lastToken else { return node.text }
        let tree = node.tree
        var out = [UInt8]()
        for index in first.index...last.index {
            let token = tree.token(at: index)
            if index > first.index {
                let gap = tree.tokens[index - 1].textEnd..<tree.tokens[index].textStart
                let trivia = tree.bytes[Int(gap.lowerBound)..<Int(gap.upperBound)]
                if trivia.contains(10) || trivia.contains(13) {
                    if trivia.contains(UInt8(ascii: "/")) { return nil }
                    out.append(32)
                } else {
                    out.append(contentsOf: trivia)
                }
            }
            out.append(contentsOf: tree.bytes[token.textRange])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The single expression of an existing `.filter { … }` on the data, when its
    /// parameters are written exactly as the row's (both `$0`, or the same names).
    private func joinableFilter(_ dataExpr: Node, rowParameters: String?) -> Node? {
        guard let call = FunctionCallExpr(dataExpr), call.calleeName == "filter",
              call.callee?.kind == .memberAccessExpr, call.argumentList == nil,
              let closure = call.trailingClosure, closure.statements.count == 1,
              let expr = closure.statements.first, expr.kind != .returnStmt,
              closure.parameterClause?.text == rowParameters, closure.captureList == nil,
              closure.signature?.child(.returnClause) == nil
        else { return nil }
        return expr
    }

    // MARK: - Context

    /// `.onDelete`/`.onMove` applied to the ForEach call, looking up its modifier chain.
    private func editingModifier(on call: Node) -> String? {
        var current = call
        while let parent = current.parent {
            if parent.kind == .memberAccessExpr, parent.childNodes.first == current {
                if let name = MemberAccessExpr(parent)?.name, name == "onDelete" || name == "onMove" { return name }
            } else if parent.kind != .functionCallExpr || parent.childNodes.first != current {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// `a || b`, ternaries and casts would bind differently next to `&&`.
    private func needsParenthesesInConjunction(_ conditionOrExpr: Node) -> Bool {
        let expr = conditionOrExpr.kind == .condition ? conditionOrExpr.childNodes.first : conditionOrExpr
        guard let expr, expr.kind == .sequenceExpr else { return false }
        for child in expr.children {
            switch child {
            case .token(let t) where t.kind == .binaryOperator:
                if !t.textIs("&&") && !t.textIs("==") && !t.textIs("!=") && !t.textIs("<") && !t.textIs(">")
                    && !t.textIs("<=") && !t.textIs(">=") { return true }
            case .node(let n) where n.kind == .ternaryExpr || n.kind == .castExpr || n.kind == .assignmentExpr:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// Whether `.filter` can be appended to the data expression as written.
    private func needsParenthesesAsBase(_ expr: Node) -> Bool {
        switch expr.kind {
        case .identifierExpr, .memberAccessExpr, .functionCallExpr, .subscriptCallExpr, .arrayExpr,
             .tupleExpr, .forceUnwrapExpr, .dictionaryExpr:
            return false
        default:
            return true
        }
    }

    private func isRange(_ expr: Node) -> Bool {
        var node = expr
        while node.kind == .tupleExpr, let inner = node.child(.argument)?.childNodes.first { node = inner }
        guard node.kind == .sequenceExpr else { return false }
        return node.ownTokens.contains { $0.kind == .binaryOperator && ($0.textIs("..<") || $0.textIs("...")) }
    }

    // MARK: - Expensive data

    private static let transforms: Set<String> = ["filter", "sorted", "map", "compactMap", "flatMap", "reversed", "shuffled"]

    /// `ForEach(items.sorted { … })`: derived collections rebuilt on every evaluation.
    private func expensiveDataFinding(_ expr: Node, callee: String) -> Finding? {
        for node in expr.descendants(.functionCallExpr) {
            guard let call = FunctionCallExpr(node), let name = call.calleeName else { continue }
            let isTransform = call.callee?.kind == .memberAccessExpr && ForEachFilter.transforms.contains(name)
            let isGrouping = name == "Dictionary" && call.argument("grouping") != nil
            if isTransform || isGrouping {
                let what = isGrouping ? "Dictionary(grouping:)" : ".\(name)"
                return Finding(ruleID: id, range: node.trimmedRange,
                               message: "`\(what)` in the data of \(callee) runs on every body evaluation; keep the derived collection in the model, or derive it once with `let` when its source is an immutable input",
                               severity: .note)
            }
        }
        return nil
    }
}
