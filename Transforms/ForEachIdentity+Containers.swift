// `foreach-identity`: the containers that select rows by their tag, and rows whose views
// are open-ended, which decide whether new row identities may change behaviour.
import Codemod
import SwiftCST

extension IdentityPass {
    /// The call around `call` that selects rows by their tag (`Picker`, `TabView`, a `List`
    /// or other view with a `selection:` argument), when the rows set no explicit `.tag`.
    func selectionContainer(of call: FunctionCallExpr) -> String? {
        if call.calleeNameIs("List"), call.argument("selection") != nil { return "a `List` with `selection:`" }
        if let closure = call.trailingClosure,
           closure.node.containsDescendant(.memberAccessExpr, where: { MemberAccessExpr($0)?.nameIs("tag") == true }) {
            return nil
        }
        for (outer, name) in enclosingCalls(of: call.node) {
            if name == "Picker" || name == "TabView" { return "a `\(name)`" }
            if outer.argument("selection") != nil { return "a `\(name)` with `selection:`" }
        }
        return nil
    }

    /// Calls that hand the rows they hold on as rows of their own: a `Picker` or a `List`
    /// around them still sees each row and its implicit tag.
    private static let rowForwardingCalls: Set<String> = ["Group", "Section", "ForEach", "AnyView"]

    /// Why the rows may still be given to a selection container elsewhere: they are the
    /// whole result of the member around them (reached through nothing but `Group`,
    /// `Section` and modifiers), and a use of that member (of the view's type, for `body`)
    /// is inside a `Picker`, a `TabView` or a view with `selection:`, is itself open that way,
    /// or is not known (another file, a local, a member that is not a type's).
    func openRowsReason(_ node: Node, depth: Int = 0) -> String? {
        if depth == 0, let closure = FunctionCallExpr(node)?.trailingClosure,
           closure.node.containsDescendant(.memberAccessExpr, where: { MemberAccessExpr($0)?.nameIs("tag") == true }) {
            return nil
        }
        guard enclosingCalls(of: node).allSatisfy({ IdentityPass.rowForwardingCalls.contains($0.name) }) else { return nil }
        let tags = "its rows' implicit tags are their ids, and a new id changes which value a row selects"
        var current = node.parent
        while let n = current, ![.variableDecl, .functionDecl, .subscriptDecl].contains(n.kind) { current = n.parent }
        guard let member = current, member.parent?.kind == .memberBlock, let type = FileTypes.innermostType(of: member),
              let memberName = VariableDecl(member)?.bindings.first?.name ?? FunctionLikeDecl(member)?.name
        else { return "the rows are all of a declaration whose uses are not known; \(tags)" }
        let name = memberName == "body" ? FileTypes.lastComponent(TypeDecl(type)?.name ?? "") : memberName
        let what = memberName == "body" ? "the body of `\(name)`" : "`\(memberName)`"
        guard !name.isEmpty, depth < 4 else { return "the rows are all of \(what), whose uses are not followed; \(tags)" }
        let isPrivate = (VariableDecl(member)?.modifiers ?? FunctionLikeDecl(member)?.modifiers).map {
            $0.has("private") || $0.has("fileprivate") } ?? false
        if !(memberName != "body" && isPrivate) {
            if context.index.fileCount == 0 { return "the rows are all of \(what), and the module's other files were not indexed; \(tags)" }
            let key = memberName == "body" ? name : "." + name
            let others = index.mentions[key, default: []].union(memberName == "body" ? [] : index.mentions[name, default: []])
            if let file = others.subtracting([context.path]).sorted().first {
                return "the rows are all of \(what), and \(file) names `\(name)`, maybe inside a `Picker`; \(tags)"
            }
        }
        for position in context.identifierPositions(named: name, in: tree) {
            let token = tree.token(at: position)
            var use = token.parent
            if use.kind == .memberAccessExpr {
                guard MemberAccessExpr(use)?.nameToken?.textRange == token.textRange else { continue }
            } else if use.kind != .identifierExpr {
                continue  // a declaration, a type, a label
            } else if let parent = use.parent, parent.kind == .memberAccessExpr, parent.firstChildNode == use {
                continue  // `name.member`: the base of another access
            }
            if let parent = use.parent, parent.kind == .memberAccessExpr, parent.firstChildNode != use { use = parent }
            if let parent = use.parent, let call = FunctionCallExpr(parent), call.callee == use { use = parent }
            if member.contains(use) && memberName != "body" { continue }
            if let container = enclosingSelectionContainer(of: use) {
                return "the rows are all of \(what), used inside \(container): \(tags)"
            }
            if let reason = openRowsReason(use, depth: depth + 1) { return reason }
        }
        return nil
    }

    /// A `Picker`, `TabView` or view with `selection:` around `node`, for messages.
    func enclosingSelectionContainer(of node: Node) -> String? {
        for (outer, name) in enclosingCalls(of: node) {
            if name == "Picker" || name == "TabView" { return "a `\(name)`" }
            if outer.argument("selection") != nil { return "a `\(name)` with `selection:`" }
        }
        return nil
    }
}
