// Rule `foreach-filter`: a ForEach row that is sometimes empty defeats SwiftUI's row
// counting; the filter belongs on the data, not inside the row.
import Codemod
import SwiftCST

/// Rule `foreach-filter`; `documentation` below is its one description (RULES.md, `explain`).
public struct ForEachFilter: Rule {
    public init() {}

    /// Every finding starts at a `ForEach` or `List` call.
    public var neededWords: [[StaticString]] { [["ForEach", "List"]] }

    public let id = "foreach-filter"
    public let summary = "Move `if` filters out of ForEach rows into a filter on the data"
    public let documentation = """
        A ForEach or List row whose content is wrapped in an `if` produces zero or one \
        view per element, so SwiftUI must evaluate every row to count them and List loses \
        its lazy fast path. Filtering the data keeps exactly one view per element. A \
        warning in a lazy container (`List`, `Form`, `Table`, `Lazy…` stacks and grids) or \
        where the container is not in sight; a note in one that builds every row anyway \
        (`VStack`, `HStack`, `Picker`, `Menu`, …), where the cost is small.

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

        A row kept by comparing its number with a constant, over a range of constants, keeps \
        a narrower range instead of a filter: `ForEach(0..<46) { if $0 > 0 {` becomes \
        `ForEach(1..<46) {`.

        Withheld (reported only): conditions that do not use the row's element (the same \
        for every row: the `if` belongs around the ForEach), rows with .onDelete, .onMove, .onInsert or \
        .dropDestination, `if let`, `if case`, `#available`, `try` or `await` conditions, \
        binding data such as `$items`, and rows laid out so that the rewrite could not keep \
        their formatting.

        A row starting with `if … else` or `switch` whose branches are one view each is one \
        view already, a count SwiftUI knows without running the row: it is left alone, since a \
        VStack around it would gain nothing. Branches that yield no view or several views \
        (among them a method spelled like a type, `Quality()`, a view of this file whose `body` \
        is several views or an `if`, and a Spacer or Divider, whose direction comes from the \
        stack around them) are reported without a fix: wrapped, they would be laid out \
        differently. The report says why the row must stay as it is in chart, table, toolbar, \
        command and scene content; Picker, Menu, TabView, context menus, swipe and \
        accessibility actions, alerts and dialogs; rows that use `$0`; and rows carrying \
        `.tag`, `.swipeActions`, `.listRow…`, `.contextMenu`, `.id`, drag and drop or \
        `.…Disabled` modifiers.

        A filter too wide for the file's lines (its longest, at least 120 columns) is laid out \
        as the file would: `ForEach(` with the data and `id:` on lines of their own, else the \
        condition on its own line after `{ item in`, kept on the lines the file gave it. A \
        condition joined to a filter the data already has (`items.filter { item in a && b }`, \
        from an existing filter or nested `if`s) is laid out the same way when its line would \
        run too wide, its `&&` operands one a line when the condition's own line is not enough.

        Calls such as `sorted`, `map` or `Dictionary(grouping:)` in the data argument are \
        `work-in-body`'s to report.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        let types = DataTypes(tree: tree, context: context)
        for site in context.functionCalls(in: tree).compactMap(ForEachSite.init) {
            guard site.row != nil, var finding = rowFinding(site, layout: layout, types: types, context: context) else { continue }
            finding.severity = ForEachFilter.isInEagerContainer(site) ? .note : .warning
            findings.append(finding)
        }
        return findings
    }

    /// Containers that build rows as they scroll into view: there a row count that depends
    /// on each row costs a pass over every row.
    private static let lazyContainers: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table",
                                                      "Form", "OutlineGroup"]
    /// Containers that build every row anyway, where the cost is small.
    private static let eagerContainers: Set<String> = ["VStack", "HStack", "ZStack", "Grid", "GridRow", "ScrollView", "Picker",
                                                       "Menu", "ViewThatFits", "ControlGroup", "TabView", "contextMenu", "toolbar",
                                                       "ToolbarItemGroup", "CommandMenu", "CommandGroup", "swipeActions"]

    /// Whether the nearest container around the `ForEach` (`Section` and `Group` looked
    /// through) builds every row anyway; false in a lazy one and where none is in sight.
    private static func isInEagerContainer(_ site: ForEachSite) -> Bool {
        for (_, name) in enclosingCalls(of: site.node) {
            if lazyContainers.contains(name) { return false }
            if eagerContainers.contains(name) { return true }
        }
        return false
    }

    // MARK: - Rows

    private func rowFinding(_ site: ForEachSite, layout: SourceLayout, types: DataTypes, context: RuleContext) -> Finding? {
        guard let closure = site.row else { return nil }
        let (call, name, dataExpr) = (site.call, site.container, site.dataExpression)
        let statements = closure.statements
        guard statements.count == 1, let statement = statements.first else { return nil }
        let range = statement.trimmedRange

        if statement.kind == .switchExpr || (statement.kind == .ifExpr && statement.token(.else) != nil) {
            let what = statement.kind == .switchExpr ? "a `switch`" : "`if … else`"
            // Each branch one view: the row is one view already (`_ConditionalContent`), a
            // count SwiftUI knows without running the row; a VStack around it gains nothing.
            guard let problem = branchProblem(statement, types: types) else { return nil }
            let cost = "The \(name) row starts with \(what), so SwiftUI must run every row to learn its views"
            // Where a container around the row would change what it does, it is not advised.
            if let reason = wrapWithheldReason(site, statement: statement) {
                return Finding(range: range, message: cost + "; make each branch one view", withheldReason: reason)
            }
            return Finding(range: range, message: cost + "; wrap the row in a single container such as VStack", withheldReason: problem)
        }
        guard let ifExpr = IfExpr(statement) else { return nil }

        let message = "`if` inside a \(name) row makes the row count depend on every row's content; filter the data instead"
        func withheld(_ reason: String) -> Finding {
            Finding(range: range, message: message, withheldReason: reason)
        }

        if site.isBindingData {
            return withheld("the data is a binding; filter it in the model")
        }
        if let modifier = site.containerModifiers.first(where: { ForEachFilter.offsetModifiers.contains($0.name) })?.name {
            return withheld("`.\(modifier)` offsets would index the filtered array, not the source; filter in the model")
        }
        let conditions = ifExpr.conditions
        guard !conditions.isEmpty else { return nil }
        for condition in conditions {
            if let reason = unsupportedCondition(condition) { return withheld(reason) }
        }
        // A condition that reads no row parameter is the same for every row: no filter.
        let rowNames = Set(closure.parameters.compactMap(\.name).filter { $0 != "_" })
        if !conditions.contains(where: { ForEachFilter.readsRow($0, rowNames: rowNames) }) {
            return withheld("the condition does not use the row's element, so it is the same for every row; put the `if` around the \(name) by hand")
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
            texts.append(conditions.count > 1 && Precedence.needsParenthesesInConjunction(condition) ? "(\(text))" : text)
        }
        let joined = texts.joined(separator: " && ")
        var edits: [Edit] = []
        let dataRange = dataExpr.trimmedRange
        let filterCall = ".filter { \(parameters)\(joined) }"
        // A range without `id:` (`0..<n`, `xs.indices`, a property typed `Range<Int>`) was
        // read once as constant data; filtered, it is an array of Int and needs an id.
        let addsID = call.argument("id") == nil && (isRangeExpression(dataExpr) || types.isRange(dataExpr))
        let wrapWidth = context.wrapWidth(of: call.node.tree)
        let needsParentheses = Precedence.needsParenthesesAsBase(dataExpr)
        let narrowed = narrowedRange(dataExpr, conditions: conditions, rowNames: rowNames, anonymous: closure.parameterClause == nil)
        if let narrowed {
            // `0..<46` where the row is kept when `$0 > 0`: `1..<46`.
            edits.append(narrowed)
        } else if let existing = joinableFilter(dataExpr, rowParameters: closure.parameterClause?.text) {
            // `items.filter { a }` with the same parameters: `items.filter { a && b }`.
            edits.append(joinedFilterEdit(existing: existing, conditions: conditions, call: call, dataExpr: dataExpr,
                                          layout: layout, wrapWidth: wrapWidth))
        } else if layout.lineWidth(at: dataRange.upperBound, adding: filterCall.count + (addsID ? 11 : 0)) <= wrapWidth {
            if needsParentheses {
                edits.append(.insert("(", at: dataRange.lowerBound))
                edits.append(.insert(")" + filterCall, at: dataRange.upperBound))
            } else {
                edits.append(.insert(filterCall, at: dataRange.upperBound))
            }
            if addsID { edits[edits.count - 1].replacement += Array(", id: \\.self".utf8) }
        } else {
            // Too wide for the file: the data and `id:` on lines of their own, else the
            // condition on a line of its own after `{ item in`.
            let data = needsParentheses ? "(\(layout.text(dataRange)))" : layout.text(dataRange)
            let idText = addsID ? "\\.self" : call.argument("id")?.expression.flatMap(singleLineText)
            let indent = layout.indentation(ofLineAt: call.node.trimmedRange.lowerBound)
            if let idText, let inside = layout.argumentsOnOneLine(of: call), call.arguments.count <= 2,
               SourceLayout.widestLine(of: indent + layout.indentUnit + data + filterCall + ",") <= wrapWidth {
                edits.append(Edit(range: inside, replacement: layout.argumentLines([data + filterCall, "id: " + idText], indentation: indent)))
            } else {
                let broken = brokenFilter(parameters: parameters, conditions: conditions, joined: joined, indent: indent,
                                          layout: layout, wrapWidth: wrapWidth)
                if needsParentheses {
                    edits.append(.insert("(", at: dataRange.lowerBound))
                    edits.append(.insert(")" + broken, at: dataRange.upperBound))
                } else {
                    edits.append(.insert(broken, at: dataRange.upperBound))
                }
                if addsID { edits[edits.count - 1].replacement += Array(", id: \\.self".utf8) }
            }
        }
        edits.append(contentsOf: contentEdits)
        // `{ if $0.a { Text("x") } }`: once the condition moves, nothing names `$0`, and a
        // closure that ignores its parameter must say so.
        if closure.parameterClause == nil, !site.usesAnonymousParameters(body.node) {
            guard let brace = closure.leftBrace else { return nil }
            edits.append(.insert(" _ in", at: brace.textRange.upperBound))
        }
        let fix = Fix(edits: edits, safety: .safe, summary: (narrowed == nil ? "filter the data of " : "narrow the range of ") + name)
        if let loss = CommentKeeping.lossReason(fix, in: call.node.tree) { return withheld(loss + "; move it by hand") }
        return Finding(range: range, message: message, fix: fix)
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
        let unit = layout.indentStep(over: outer, in: headEnd..<closeLineStart)
        // Replace from the `if` line through the `}` line (its line break stays).
        return [Edit(range: headStart..<closeLineEnd, replacement: layout.reindent(headEnd..<closeLineStart, from: outer + unit, to: outer))]
    }

    // MARK: - Context

    /// Modifiers of a ForEach whose actions receive offsets into its data.
    private static let offsetModifiers: Set<String> = ["onDelete", "onMove", "onInsert", "dropDestination"]
}

/// The declared types of data expressions, from the project index (and the file's own
/// declarations), built only when a filter fix asks.
final class DataTypes {
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

    /// `ForEachFilter.declaredViewProblems(in:)` of the file, found once.
    lazy var declaredViewProblems = ForEachFilter.declaredViewProblems(in: tree)

    private func typeResolver() -> TypeResolver {
        if let resolver { return resolver }
        let made = TypeResolver(index: context.index(including: tree))
        resolver = made
        return made
    }
}
