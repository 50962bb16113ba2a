// `foreach-filter` on rows that start with `if … else` or `switch`: left alone when each
// branch is one view (the row is one view already); else reported with the reason a VStack
// around the row would change what it does or how its container lays it out.
import Codemod
import SwiftCST

extension ForEachFilter {
    /// Why wrapping the row in a `VStack` could stop the code compiling or change what it
    /// does, from where the row is and what it carries; nil when nothing around it says so.
    func wrapWithheldReason(_ site: ForEachSite, statement: Node) -> String? {
        if let content = BuilderContext.nonViewContent(around: site.node) {
            return "the rows are \(content.origin), not views a VStack can hold"
        }
        if let (call, name) = enclosingCalls(of: site.node).first(where: { ForEachFilter.rowSensitiveContainers.contains($0.name) }) {
            return "inside \(call.callee?.kind == .memberAccessExpr ? "`.\(name)`" : "a `\(name)`") each row must stay a view of its own"
        }
        if site.usesAnonymousParameters(statement) {
            return "the row uses `$0`, which inside the VStack's closure would no longer name the element"
        }
        if let modifier = rowModifier(in: statement) {
            return "`.\(modifier)` must stay on the row itself for SwiftUI to find it"
        }
        return nil
    }

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

    /// The first modifier in `statement` that must stay on the row's own view.
    private func rowModifier(in statement: Node) -> String? {
        for node in statement.descendants(.memberAccessExpr) {
            guard let access = MemberAccessExpr(node), access.base != nil, let name = access.name else { continue }
            // A modifier is called (`.id(x)`); `g.id` reads a property.
            guard let parent = node.parent, parent.kind == .functionCallExpr, FunctionCallExpr(parent)?.callee == node
            else { continue }
            if ForEachFilter.rowModifiers.contains(name) || name.hasPrefix("listRow") { return name }
        }
        return nil
    }

    /// Why some branch of the row does not yield exactly one view, or nil when each does:
    /// a branch with no view or several views would turn into one row, or a row where there
    /// was none.
    func branchProblem(_ statement: Node, types: DataTypes) -> String? {
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
            guard let name = ModifierChain(view).baseCall?.calleeName,
                  name.first?.isUppercase == true else {
                return "a branch's view is not a plain view initializer, so the rule cannot tell that it is one view"
            }
            if ["EmptyView", "ForEach", "Group", "Section", "TupleView"].contains(name) {
                return "a branch yields `\(name)`, which is not exactly one view"
            }
            if ["Spacer", "Divider"].contains(name) {
                return "a branch yields `\(name)`, which takes its direction from the stack around it: in a VStack it would turn"
            }
            if let problem = types.declaredViewProblems[name] ?? nil { return problem }
        }
        return nil
    }

    /// Why `Name()` written in this file may not be one view, for each name it declares
    /// (nil: a view of one statement): a method spelled like a type (a `@ViewBuilder func
    /// Quality()` may yield several views or none), or a view declared here whose `body` has
    /// several statements or is itself an `if` or a `switch` (a view whose body is two views
    /// lays out as two children of the stack around it). Found in one walk of the file.
    static func declaredViewProblems(in tree: SyntaxTree) -> [String: String?] {
        var problems: [String: String?] = [:]
        for node in tree.root.descendants([.structDecl, .classDecl, .enumDecl]) {
            guard let type = TypeDecl(node), let name = type.name, problems[name] == nil else { continue }
            problems[name] = bodyProblem(of: type, named: name)
        }
        for node in tree.root.descendants(.functionDecl) {
            guard let name = FunctionLikeDecl(node)?.name, name.first?.isUppercase == true else { continue }
            problems[name] = "a branch calls `\(name)()`, a method, which may yield several views or none"
        }
        return problems
    }

    private static func bodyProblem(of type: TypeDecl, named name: String) -> String? {
        // `var body: some View { … }`: the accessor block holds the getter's statements, or a
        // `get { … }` that does.
        guard let body = ViewType(declaration: type).body, let accessors = body.descendants(.accessorBlock).first
        else { return nil }
        let getter = accessors.children(.accessorDecl).first { $0.firstToken?.text == "get" }
        let held = getter.flatMap { $0.child(.codeBlock).flatMap(CodeBlock.init)?.statements } ?? accessors.childNodes
        let statements = held.filter { $0.kind != .variableDecl && $0.kind != .accessorDecl }
        let single = statements.count == 1 && ![.ifExpr, .switchExpr].contains(statements[0].kind)
        return single ? nil : "the `body` of `\(name)` may yield several views or none, each its own row"
    }

    /// The single expression of an existing `.filter { … }` on the data, when its
    /// parameters are written exactly as the row's (both `$0`, or the same names).
    func joinableFilter(_ dataExpr: Node, rowParameters: String?) -> Node? {
        guard let call = FunctionCallExpr(dataExpr), call.calleeNameIs("filter"),
              call.callee?.kind == .memberAccessExpr, call.argumentList == nil,
              let closure = call.trailingClosure, closure.statements.count == 1,
              let expr = closure.statements.first, expr.kind != .returnStmt,
              closure.parameterClause?.text == rowParameters, closure.captureList == nil,
              closure.signature?.child(.returnClause) == nil
        else { return nil }
        return expr
    }
}
