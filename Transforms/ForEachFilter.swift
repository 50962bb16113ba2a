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
/// with `.onDelete`/`.onMove`/`.onInsert`/`.dropDestination` (their offsets would index
/// the filtered array), for `if let`/`if case`/`#available`/`try`/`await` conditions, for
/// binding data (`$items`) and for unusual layouts.
///
/// Rows that start with `if … else` or `switch` get a suggested fix that wraps the row in
/// a `VStack`, only where that keeps one view per element and compiles: never in content
/// that is not a View (`Chart`, `Table`, `Commands`, toolbar and scene content), never
/// inside `Picker`, `Menu`, `TabView`, `.contextMenu`, `.swipeActions`,
/// `.accessibilityActions`, alerts and dialogs (they read each row's own view), never
/// when the row uses `$0` (it would name the VStack's closure), never when the row carries
/// a modifier that must stay on it (`.tag`, `.swipeActions`, `.listRow…`, `.contextMenu`,
/// `.id`, drag and drop, `.selectionDisabled`, `.deleteDisabled`, `.moveDisabled`, …), and
/// never when a branch yields no view or several (wrapped, they would become one row), or a
/// `Spacer`/`Divider` (whose direction comes from the stack around it).
///
/// Sorting, mapping or grouping in the data argument is reported as a note without a fix:
/// it runs on every body evaluation and belongs in the model. `.filter { … }` applied last
/// to the data, the form the fix writes, is not reported.
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

        Withheld (reported only): rows with .onDelete, .onMove, .onInsert or \
        .dropDestination, `if let`, `if case`, `#available`, `try` or `await` conditions, \
        binding data such as `$items`, and rows laid out so that the rewrite could not keep \
        their formatting.

        A row starting with `if … else` or `switch` gets a suggested fix that wraps it in a \
        VStack, except where that would not compile or would change what is shown: chart, \
        table, toolbar, command and scene content; Picker, Menu, TabView, context menus, swipe \
        and accessibility actions, alerts and dialogs; rows that use `$0`; rows carrying \
        `.tag`, `.swipeActions`, `.listRow…`, `.contextMenu`, `.id`, drag and drop or \
        `.…Disabled` modifiers; branches that yield no view or several views; and branches \
        that yield a Spacer or Divider, whose direction comes from the stack around them.

        Calls such as `sorted`, `map` or `Dictionary(grouping:)` in the data argument are \
        reported as notes without a fix: keep the derived collection in the model instead. \
        `.filter { … }` applied last to the data, the form the fix above writes, is not \
        reported: it costs what the rows' `if`s cost, and a fix never leaves a finding \
        behind.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        let types = DataTypes(tree: tree, context: context)
        for node in tree.root.descendants(.functionCallExpr) {
            guard let call = FunctionCallExpr(node), let name = call.calleeName,
                  name == "ForEach" || name == "List", call.callee?.kind == .identifierExpr,
                  let data = call.arguments.first, data.label == nil, let dataExpr = data.expression
            else { continue }
            if let finding = expensiveDataFinding(dataExpr, callee: name) { findings.append(finding) }
            guard let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty else { continue }
            if let finding = rowFinding(call: call, name: name, data: data, dataExpr: dataExpr,
                                        closure: closure, layout: layout, types: types) {
                findings.append(finding)
            }
        }
        return findings
    }

    // MARK: - Rows

    private func rowFinding(call: FunctionCallExpr, name: String, data: Argument, dataExpr: Node,
                            closure: ClosureExpr, layout: SourceLayout, types: DataTypes) -> Finding? {
        let statements = closure.statements
        guard statements.count == 1, let statement = statements.first else { return nil }
        let range = statement.trimmedRange

        if statement.kind == .switchExpr || (statement.kind == .ifExpr && statement.token(.else) != nil) {
            let what = statement.kind == .switchExpr ? "a `switch`" : "`if … else`"
            let message = "The \(name) row starts with \(what), so SwiftUI must run every row to learn its views; wrap the row in a single container such as VStack"
            if let reason = wrapWithheldReason(call: call, closure: closure, statement: statement) {
                return Finding(ruleID: id, range: range, message: message + " (\(reason))", withheldReason: reason)
            }
            guard let fix = wrapFix(closure: closure, statement: statement, layout: layout) else {
                let reason = "the row's layout is unusual; wrap it by hand"
                return Finding(ruleID: id, range: range, message: message + " (\(reason))", withheldReason: reason)
            }
            if let loss = CommentKeeping.lossReason(fix, in: call.node.tree) {
                return Finding(ruleID: id, range: range, message: message + " (\(loss))", withheldReason: loss)
            }
            return Finding(ruleID: id, range: range, message: message, fix: fix)
        }
        guard let ifExpr = IfExpr(statement) else { return nil }

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
        // A range without `id:` (`0..<n`, `xs.indices`, a property typed `Range<Int>`) was
        // read once as constant data; filtered, it is an array of Int and needs an id.
        if call.argument("id") == nil && (isRange(dataExpr) || types.isRange(dataExpr)) {
            edits[edits.count - 1].replacement += Array(", id: \\.self".utf8)
        }
        edits.append(contentsOf: contentEdits)
        // `{ if $0.a { Text("x") } }`: once the condition moves, nothing names `$0`, and a
        // closure that ignores its parameter must say so.
        if closure.parameterClause == nil, !usesAnonymousParameters(body.node, of: closure.node) {
            guard let brace = closure.leftBrace else { return nil }
            edits.append(.insert(" _ in", at: brace.textRange.upperBound))
        }
        let fix = Fix(edits: edits, safety: .safe, summary: "filter the data of \(name)")
        if let loss = CommentKeeping.lossReason(fix, in: call.node.tree) { return withheld(loss + "; move it by hand") }
        return Finding(ruleID: id, range: range, message: message, fix: fix)
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
              layout.isLastOnLine(close.textRange.upperBound)
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

    // MARK: - Wrapping a row in a VStack

    /// Why wrapping the row in a `VStack` could stop the code compiling or change what it
    /// does, or nil when the wrap keeps one view per element exactly as before.
    private func wrapWithheldReason(call: FunctionCallExpr, closure: ClosureExpr, statement: Node) -> String? {
        if let context = nonViewContext(of: call.node) {
            return "the rows are \(context), not views a VStack can hold"
        }
        if let container = rowSensitiveContainer(of: call.node) {
            return "inside \(container) each row must stay a view of its own"
        }
        if usesAnonymousParameters(statement, of: closure.node) {
            return "the row uses `$0`, which inside the VStack's closure would no longer name the element"
        }
        if let modifier = rowModifier(in: statement) {
            return "`.\(modifier)` must stay on the row itself for SwiftUI to find it"
        }
        if let problem = branchProblem(statement) {
            return problem
        }
        return nil
    }

    /// Builders whose content is not a View: a VStack does not type-check there.
    private static let nonViewBuilders: [String: String] = [
        "Chart": "chart content", "Table": "table rows", "TableRow": "table rows", "Commands": "commands",
        "CommandMenu": "commands", "CommandGroup": "commands", "toolbar": "toolbar content",
        "ToolbarItem": "toolbar content", "ToolbarItemGroup": "toolbar content", "WindowGroup": "scene content",
        "Window": "scene content", "DocumentGroup": "scene content", "Settings": "scene content",
        "MenuBarExtra": "scene content", "Scene": "scene content",
    ]

    /// Result types and builder attributes of declarations whose content is not a View.
    private static let nonViewContentTypes: [String: String] = [
        "ChartContent": "chart content", "TableRowContent": "table rows", "TableColumnContent": "table columns",
        "Commands": "commands", "ToolbarContent": "toolbar content", "CustomizableToolbarContent": "toolbar content",
        "Scene": "scene content",
    ]

    /// Containers that read each row's own view: its tag, its accessibility action, its menu item.
    private static let rowSensitiveContainers: Set<String> = [
        "Picker", "Menu", "accessibilityActions", "contextMenu", "swipeActions", "TabView", "alert",
        "confirmationDialog",
    ]

    /// Modifiers that only work on the row's own top-level view.
    private static let rowModifiers: Set<String> = [
        "tag", "swipeActions", "contextMenu", "onDelete", "onMove", "onInsert", "selectionDisabled",
        "deleteDisabled", "moveDisabled", "id", "itemProvider", "onDrag", "onDrop", "draggable", "dropDestination",
        "tabItem", "badge", "listItemTint", "listSectionSeparator", "listSectionSeparatorTint",
    ]

    /// What the content around `node` is when it is not a View: a call such as `Chart { }`
    /// or `.toolbar { }` that holds it in a closure or an argument, or a declaration typed
    /// `some Scene` or marked with another builder than `@ViewBuilder`.
    private func nonViewContext(of node: Node) -> String? {
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.kind == .functionCallExpr, let call = FunctionCallExpr(parent), call.callee != child,
               let name = call.calleeName, let context = ForEachFilter.nonViewBuilders[name] {
                return "\(context) (`\(name)`)"
            }
            if [.variableDecl, .functionDecl, .subscriptDecl].contains(parent.kind) {
                for attribute in parent.children(.attribute) {
                    guard let name = attribute.ownTokens.first(where: { $0.kind == .identifier })?.text
                        ?? attribute.descendants(.identifierType).first?.text else { continue }
                    if name.hasSuffix("Builder") && name != "ViewBuilder" { return "built by `@\(name)`" }
                }
                let typeNodes = parent.descendants([.typeAnnotation, .returnClause])
                for typeNode in typeNodes where !typeNode.isEmpty {
                    for index in typeNode.firstTokenIndex..<typeNode.endTokenIndex {
                        let word = node.tree.token(at: index).text
                        if let context = ForEachFilter.nonViewContentTypes[word] { return "\(context) (`some \(word)`)" }
                    }
                }
                return nil
            }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// The call around `node` whose content is read row by row: a `Picker`, a `Menu`, …
    private func rowSensitiveContainer(of node: Node) -> String? {
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.kind == .functionCallExpr, let call = FunctionCallExpr(parent), call.callee != child,
               let name = call.calleeName, ForEachFilter.rowSensitiveContainers.contains(name) {
                return call.callee?.kind == .memberAccessExpr ? "`.\(name)`" : "a `\(name)`"
            }
            if [.variableDecl, .functionDecl, .subscriptDecl].contains(parent.kind) { return nil }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// Whether `statement` names the row closure's own `$0`, `$1`, …
    private func usesAnonymousParameters(_ statement: Node, of closure: Node) -> Bool {
        guard !statement.isEmpty else { return false }
        let tree = statement.tree
        for index in statement.firstTokenIndex..<statement.endTokenIndex {
            let token = tree.token(at: index)
            guard token.kind == .dollarIdentifier, token.text.dropFirst().allSatisfy(\.isNumber) else { continue }
            var owner: Node? = token.parent
            while let node = owner, node.kind != .closureExpr { owner = node.parent }
            if owner == nil || owner == closure { return true }
        }
        return false
    }

    /// The first modifier in `statement` that must stay on the row's own view.
    private func rowModifier(in statement: Node) -> String? {
        for node in statement.descendants(.memberAccessExpr) {
            guard let access = MemberAccessExpr(node), access.base != nil, let name = access.name else { continue }
            if ForEachFilter.rowModifiers.contains(name) || name.hasPrefix("listRow") { return name }
        }
        return nil
    }

    /// Why some branch of the row does not yield exactly one view, or nil when each does:
    /// a branch with no view or several views would turn into one row, or a row where there
    /// was none.
    private func branchProblem(_ statement: Node) -> String? {
        var branches: [[Node]] = []
        if statement.kind == .switchExpr {
            for switchCase in statement.children(.switchCase) {
                branches.append(switchCase.childNodes.filter { $0.kind != .switchCaseLabel })
            }
            if !statement.children(.ifConfig).isEmpty { return "the switch holds `#if` blocks; wrap it by hand" }
        } else {
            var current: Node? = statement
            while let node = current, let ifExpr = IfExpr(node) {
                guard let body = ifExpr.body else { return "a branch has no body" }
                branches.append(body.statements)
                guard let elseBranch = ifExpr.elseBranch else {
                    return "the last `else if` has no `else`: some elements have no row, and wrapped they would get an empty one"
                }
                if elseBranch.kind == .codeBlock {
                    branches.append(CodeBlock(elseBranch)?.statements ?? [])
                    current = nil
                } else {
                    current = elseBranch
                }
            }
        }
        for branch in branches {
            let views = branch.filter { $0.kind != .variableDecl }
            guard views.count == 1, let view = views.first else {
                return views.isEmpty
                    ? "a branch has no view: those elements have no row, and wrapped they would get an empty one"
                    : "a branch has several views: wrapped, they would become one row stacked vertically"
            }
            guard let root = rootCall(of: view), let name = FunctionCallExpr(root)?.calleeName,
                  name.first?.isUppercase == true else {
                return "a branch's view is not a plain view initializer, so the rule cannot tell that it is one view"
            }
            if ["EmptyView", "ForEach", "Group", "Section", "TupleView"].contains(name) {
                return "a branch yields `\(name)`, which is not exactly one view"
            }
            if ["Spacer", "Divider"].contains(name) {
                return "a branch yields `\(name)`, which takes its direction from the stack around it: in a VStack it would turn"
            }
        }
        return nil
    }

    /// The call a modifier chain starts from: `Text(a)` of `Text(a).padding().tag(1)`.
    private func rootCall(of expression: Node) -> Node? {
        var node = expression
        while true {
            switch node.kind {
            case .functionCallExpr:
                guard let callee = FunctionCallExpr(node)?.callee else { return nil }
                if callee.kind == .identifierExpr { return node }
                node = callee
            case .memberAccessExpr:
                guard let base = MemberAccessExpr(node)?.base else { return nil }
                node = base
            default:
                return nil
            }
        }
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

    /// Modifiers of a ForEach whose actions receive offsets into its data.
    private static let offsetModifiers: Set<String> = ["onDelete", "onMove", "onInsert", "dropDestination"]

    /// `.onDelete`, `.onMove`, `.onInsert` or `.dropDestination` applied to the ForEach call,
    /// looking up its modifier chain: their offsets would index the filtered array.
    private func editingModifier(on call: Node) -> String? {
        var current = call
        while let parent = current.parent {
            if parent.kind == .memberAccessExpr, parent.childNodes.first == current {
                if let name = MemberAccessExpr(parent)?.name, ForEachFilter.offsetModifiers.contains(name) { return name }
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
        if let access = MemberAccessExpr(node), access.name == "indices", access.base != nil { return true }
        guard node.kind == .sequenceExpr else { return false }
        return node.ownTokens.contains { $0.kind == .binaryOperator && ($0.textIs("..<") || $0.textIs("...")) }
    }

    // MARK: - Expensive data

    private static let transforms: Set<String> = ["filter", "sorted", "map", "compactMap", "flatMap", "reversed", "shuffled"]

    /// `ForEach(items.sorted { … })`: derived collections rebuilt on every evaluation.
    ///
    /// `.filter { condition }` applied last to the data (once or more) is the form this
    /// rule's own fix writes, and costs what the rows' `if`s cost before it: it is not
    /// reported, so that the fix never leaves a finding behind. What it filters still is.
    private func expensiveDataFinding(_ expr: Node, callee: String) -> Finding? {
        var searched = expr
        while let call = FunctionCallExpr(searched), call.calleeName == "filter", call.argumentList == nil,
           call.additionalTrailingClosures.isEmpty, let closure = call.trailingClosure, closure.statements.count == 1,
           let access = call.callee.flatMap(MemberAccessExpr.init), let base = access.base {
            searched = base
        }
        for node in searched.descendants(.functionCallExpr) {
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

/// The declared types of data expressions, from the project index (and the file's own
/// declarations), built only when a filter fix asks.
private final class DataTypes {
    let tree: SyntaxTree
    let context: RuleContext
    private var resolver: TypeResolver?

    init(tree: SyntaxTree, context: RuleContext) {
        self.tree = tree
        self.context = context
    }

    /// Whether `expression` names a property or local declared as a `Range`.
    func isRange(_ expression: Node) -> Bool {
        guard expression.kind == .identifierExpr || expression.kind == .memberAccessExpr else { return false }
        guard let type = typeResolver().type(of: expression)?.text else { return false }
        return type.hasPrefix("Range<") || type.hasPrefix("Swift.Range<")
    }

    private func typeResolver() -> TypeResolver {
        if let resolver { return resolver }
        var index = context.index
        if !index.indexedPaths.contains(context.path) {
            var own = ProjectIndexBuilder()
            own.add(tree, path: context.path)
            let ownFacts = own.finish()
            if !index.covers(ownFacts) { index = index.merging(ownFacts) }
        }
        let made = TypeResolver(index: index)
        resolver = made
        return made
    }
}
