// Rule `anyview`: `AnyView(…)` hides a view's type, so SwiftUI can no longer tell which
// view changed and rebuilds what it wraps; a `@ViewBuilder` returning `some View` keeps it.
import Codemod
import Foundation
import SwiftCST

/// Rule `anyview`; `documentation` below is its one description (RULES.md, `explain`).
public struct AnyViewErasure: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a call of `AnyView`.
    public var neededWords: [[StaticString]] { [["AnyView"]] }

    public let id = "anyview"
    public let summary = "Return `some View` from a `@ViewBuilder` instead of erasing to `AnyView`"
    public let documentation = """
        `AnyView(…)` erases a view's type. SwiftUI tells views apart by their type and \
        position: behind an `AnyView` it cannot see that the view is still the same kind, \
        so it compares less, rebuilds more, and in a `ForEach` row it loses the fast path \
        for rows of one type. Erasure is usually there to return different views from \
        one function, which a `@ViewBuilder` does without it.

        Before:

            private func badge(for status: Status) -> AnyView {
                if status.isLive {
                    return AnyView(LiveBadge())
                } else {
                    return AnyView(Text(status.title))
                }
            }

        After (a `safe` fix):

            @ViewBuilder
            private func badge(for status: Status) -> some View {
                if status.isLive {
                    LiveBadge()
                } else {
                    Text(status.title)
                }
            }

        Fixed: a function or computed property whose every return is `AnyView(x)`, declared \
        `-> AnyView` or `-> some View`. The returns are unwrapped; where there are several \
        (`if`/`else`, `switch`, an early `if … { return … }` before the last `return`, which \
        becomes the `else`) the member gets `@ViewBuilder` and loses its `return`s. A member \
        declared `-> AnyView` becomes `-> some View` only when nothing may need `AnyView` \
        from it: it is not `public`/`open`/`@objc`/`dynamic`/`override`, no other file of \
        the module names it (the project index says which files name what; a subclass's \
        override, a protocol's requirement and a caller elsewhere all would), and every use \
        in its own file is a statement of a view builder, the single result of a `some View` \
        member, or wrapped in `AnyView(…)` again; a use in a ternary, an array, a `let`, an \
        argument or a stored property withholds the fix, since two `some View` results no \
        longer share one type; so does a member that reaches itself, directly or through \
        other members of the file (`row` shows `children`, which shows `row`), whose \
        `some View` would be defined in terms of itself. Test targets reading the member \
        through `@testable import` \
        are not part of the module's index.

        Withheld (reported with the reason): bodies a result builder cannot hold (`guard`, \
        loops, `defer`, `do`/`catch`, assignments and other statements, `#if`, \
        `if #available`, a `return` in the middle), returns that are not all `AnyView(x)`, \
        a getter with a setter, and fixes that would delete a comment. A helper that erases \
        its receiver (`func eraseToAnyView() -> AnyView { AnyView(self) }`) is not reported: \
        erasing is what it is for. `AnyView(…)` built in \
        a `ForEach` row or as a branch of a ternary is reported with where it is: those need \
        a human's change. Not reported: `AnyView(…)` where the type it is given to is \
        declared `AnyView` (a stored property, a closure's result, an array element, an \
        argument such as a hosting controller's root view): there the erasure is what the \
        declaration asks for, often to hold different views in one place.

        A signature that `-> some View` makes wider than the file's lines (its longest, at \
        least 120 columns) takes its parameters one a line.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        var covered = Set<Node>()
        var memberNames: MemberNameTokens? = nil  // made for the first member whose callers are read
        let lines = LineNumbers(tree.bytes)
        // Where the file writes `AnyView`, found once: a member that writes it nowhere is
        // passed over by a binary search, where searching each member's bytes read the
        // bytes of nested members again.
        var written: [Int] = []
        forEachOccurrence(of: "AnyView", in: tree.bytes) { written.append($0) }
        for node in tree.root.descendants([.functionDecl, .variableDecl]) {
            // A member that erases returns `AnyView(…)`: the others are passed over on
            // their bytes (in a long file, most of them).
            let span = node.trimmedRange
            let first = written.partitionPoint(where: { $0 < span.lowerBound })
            guard first < written.count, written[first] + "AnyView".utf8.count <= span.upperBound,
                  let member = ErasingMember(node) else { continue }
            let plan = BuilderPlan(member: member, layout: layout)
            guard !plan.erasures.isEmpty else { continue }
            covered.formUnion(plan.erasures)
            // `func eraseToAnyView() -> AnyView { AnyView(self) }`: erasing is what it is for;
            // its callers are the places to look.
            if plan.erasures.allSatisfy({ FunctionCallExpr($0)?.arguments.first?.expression?.textEquals("self") == true }) { continue }
            let range = member.nameToken.textRange.lowerBound..<member.nameToken.textRange.upperBound
            let message = "`\(member.name)` erases its view with `AnyView`; return `some View` from a `@ViewBuilder`"
            var reason = plan.failure ?? member.declarationReason
            if reason == nil, member.declaresAnyView {
                if memberNames == nil { memberNames = MemberNameTokens(tree) }
                reason = callerReason(of: member, in: tree, index: index, context: context, names: memberNames!, lines: lines)
            }
            findings.append(.offering({ Fix(edits: plan.edits + member.signatureEdits(needsBuilder: plan.needsBuilder, wrapWidth: context.wrapWidth(of: tree)),
                                            summary: "return `some View` without `AnyView`") },
                                      range: range, message: message, unless: reason, in: tree))
        }
        for node in context.functionCalls(in: tree) where !covered.contains(node) && isAnyViewCall(node) {
            guard let reason = siteReason(node) else { continue }
            findings.append(Finding(range: node.trimmedRange.lowerBound..<(node.firstToken.map { $0.textRange.upperBound } ?? node.trimmedRange.upperBound),
                                    message: "`AnyView` erases the view's type; prefer `some View` from a `@ViewBuilder`",
                                    withheldReason: reason))
        }
        return findings.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    // MARK: - Other sites

    /// Where an `AnyView(…)` that is no member's result is, as the reason it stays; nil where
    /// the type it is given to is declared `AnyView` (a property, a closure's result, an
    /// array element, a parameter, a hosting controller's root view): erasing is what that
    /// declaration asks for, and not a finding.
    private func siteReason(_ call: Node) -> String? {
        if enclosingCalls(of: call).contains(where: { $0.name == "ForEach" || $0.name == "List" }) {
            return "in a `ForEach` row, where every row then has the type `AnyView`"
        }
        var current = call.parent
        while let node = current {
            switch node.kind {
            case .arrayExpr, .dictionaryExpr: return nil
            case .ternaryExpr: return "a branch of a ternary, whose two sides need one type"
            case .sequenceExpr:
                if let sequence = SequenceExpr(node), sequence.isAssignment, sequence.assignedValue?.contains(call) == true {
                    return nil
                }
                if node.childNodes.contains(where: { $0.kind == .ternaryExpr }) {
                    return "a branch of a ternary, whose two sides need one type"
                }
            case .initializerClause: return nil
            case .argument:
                if let name = node.parent?.parent.flatMap(FunctionCallExpr.init)?.calleeName, name != "AnyView" { return nil }
            case .closureExpr: return nil
            case .functionDecl, .variableDecl, .subscriptDecl, .initializerDecl: return nil
            default: break
            }
            current = node.parent
        }
        return nil
    }
}

// MARK: - Shared matchers

/// `AnyView(x)`: a call of `AnyView` or `SwiftUI.AnyView`.
func isAnyViewCall(_ node: Node) -> Bool {
    // Told first from the call's first token, which every call in a long file reaches here for.
    guard node.kind == .functionCallExpr, let first = node.firstToken, first.textIs("AnyView") || first.textIs("SwiftUI"),
          let call = FunctionCallExpr(node), let callee = call.callee else { return false }
    if callee.kind == .identifierExpr { return callee.textEquals("AnyView") }
    if let access = MemberAccessExpr(callee) { return access.name == "AnyView" && access.base?.textEquals("SwiftUI") == true }
    return false
}

/// The argument `x` of `AnyView(x)`, when it is the one unlabeled argument and no closure follows.
func erasedView(_ node: Node) -> Node? {
    guard isAnyViewCall(node), let call = FunctionCallExpr(node), call.arguments.count == 1, call.trailingClosure == nil,
          call.additionalTrailingClosures.isEmpty, let argument = call.arguments.first, argument.label == nil else { return nil }
    return argument.expression
}

/// The function or property whose body holds `node` (nil inside a closure first).
func enclosingDeclaration(of node: Node) -> Node? {
    var current = node.parent
    while let n = current {
        if n.kind == .closureExpr { return nil }
        if n.kind == .functionDecl || n.kind == .variableDecl || n.kind == .subscriptDecl || n.kind == .initializerDecl { return n }
        current = n.parent
    }
    return nil
}

/// Whether a declaration's type is `some View`.
func declaresOpaqueView(_ declaration: Node) -> Bool {
    let type = FunctionLikeDecl(declaration)?.returnType ?? VariableDecl(declaration)?.bindings.first?.type
    guard let type, type.kind == .someOrAnyType else { return false }
    let text = tokenKey(type)
    return text == "some View " || text == "some SwiftUI . View "
}

/// The `return` statements of a declaration's own body (not of closures or nested functions).
func returnStatements(in declaration: Node) -> [Node] {
    declaration.descendants(.returnStmt).filter { enclosingDeclaration(of: $0) == declaration }
}

/// The first `if` of an `else if` chain holding `node`.
func outermostIf(_ node: Node) -> Node? {
    var current = node
    while let parent = current.parent, parent.kind == .ifExpr { current = parent }
    return current.kind == .ifExpr ? current : nil
}
