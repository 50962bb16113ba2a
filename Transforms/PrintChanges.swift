// Rule `print-changes`: `Self._printChanges()` is a debugging aid that prints on every body
// evaluation; left in shipped code it costs each render a log line, so it is removed.
import Codemod
import SwiftCST

/// Rule `print-changes`; `documentation` below is its one description (RULES.md, `explain`).
public struct PrintChanges: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a call of `_printChanges` or `_logChanges`.
    public var neededWords: [[StaticString]] { [["_printChanges", "_logChanges"]] }

    public let id = "print-changes"
    public let summary = "Remove `Self._printChanges()` and `Self._logChanges()` left in a view"
    public let documentation = """
        `Self._printChanges()` (and `Self._logChanges()`) tell why SwiftUI evaluated a view's \
        `body`: useful while debugging, costly when left behind. Every evaluation then \
        formats and writes a log line, in the view that is being profiled for evaluating too \
        often, and the underscored API is not meant to ship.

        Before:

            var body: some View {
                let _ = Self._printChanges()
                Text(title)
            }

        After (a `safe` fix):

            var body: some View {
                Text(title)
            }

        Found in the members of a View or ViewModifier (the type itself, or an extension of \
        it): `let _ = Self._printChanges()`, `_ = Self._printChanges()` and the bare call, \
        with `Self` or the type's own name as the receiver. A `#if DEBUG` block that holds \
        only the statement goes with it. Calls on anything else (`store._printChanges()`, a \
        reducer's `._printChanges()` modifier, another type's name) are not the view's own \
        and are never touched.

        Withheld (reported only): a statement that shares its line with other code, and one \
        whose removal would delete a comment (the comment may explain why it is there).
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let types = context.fileTypes(tree, index: context.index(including: tree))
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        for view in types.views {
            let ownNames: Set<String> = ["Self", view.name, FileTypes.lastComponent(view.name)]
            for member in view.members where TypeDecl(member) == nil {
                for node in member.descendants(.functionCallExpr) {
                    guard let call = Modifier(call: node, named: "_printChanges", "_logChanges"),
                          call.arguments.isEmpty, call.trailingClosure == nil,
                          let base = call.access.base, base.kind == .identifierExpr,
                          let receiver = base.firstToken?.text, ownNames.contains(receiver) else { continue }
                    findings.append(PrintChanges.finding(removing: node, named: call.name, in: tree, layout: layout))
                }
            }
        }
        return findings
    }

    /// The finding for one call: its removal, or the reason it stays.
    private static func finding(removing call: Node, named name: String, in tree: SyntaxTree, layout: SourceLayout) -> Finding {
        let message = "`Self.\(name)()` prints on every body evaluation; remove it"
        guard let removed = statement(of: call).flatMap(removedNode(for:)).flatMap(layout.removal(of:)) else {
            return Finding(range: call.trimmedRange, message: message, withheldReason: "the call is not a statement of its own line")
        }
        let fix = Fix(edits: [removed], safety: .safe, summary: "remove `\(name)()`")
        if let loss = CommentKeeping.lossReason(fix, in: tree) {
            return Finding(range: call.trimmedRange, message: message, withheldReason: loss)
        }
        return Finding(range: call.trimmedRange, message: message, fix: fix)
    }

    /// The statement the call is: the call itself, `_ = call`, or `let _ = call` with no
    /// other binding; nil when the call is part of a larger expression.
    private static func statement(of call: Node) -> Node? {
        var candidate = call
        if let parent = call.parent, parent.kind == .sequenceExpr {
            let parts = parent.childNodes
            guard parts.count == 3, parts[0].kind == .discardAssignmentExpr, parts[1].kind == .assignmentExpr,
                  parts[2] == call else { return nil }
            candidate = parent
        } else if let clause = call.parent, clause.kind == .initializerClause, let binding = clause.parent,
                  binding.kind == .patternBinding, binding.child(.wildcardPattern) != nil,
                  binding.child(.typeAnnotation) == nil, let declaration = binding.parent, declaration.kind == .variableDecl {
            guard let variable = VariableDecl(declaration), variable.bindings.count == 1,
                  declaration.children(.attribute).isEmpty, declaration.children(.modifier).isEmpty else { return nil }
            candidate = declaration
        }
        guard let container = candidate.parent,
              [.codeBlock, .accessorBlock, .closureExpr, .ifConfigClause, .switchCase].contains(container.kind) else { return nil }
        return candidate
    }

    /// What goes with the statement: the whole `#if … #endif` when it holds nothing else.
    private static func removedNode(for statement: Node) -> Node? {
        guard let clause = statement.parent, clause.kind == .ifConfigClause else { return statement }
        guard let block = clause.parent, block.kind == .ifConfig else { return nil }
        let clauses = block.children(.ifConfigClause)
        let contents = clause.childNodes.filter { $0 != statement }
        // Only `#if CONDITION statement #endif`: the condition is the clause's one other node.
        if clauses.count == 1, contents.count == 1, contents[0].trimmedRange.upperBound <= statement.trimmedRange.lowerBound {
            return block
        }
        return statement
    }
}
