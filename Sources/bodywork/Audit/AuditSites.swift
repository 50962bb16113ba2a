// Where a finding sits, read from the syntax tree: its enclosing type, and whether it runs
// once per row, on every body evaluation, or only on an event. The audit's priority rests
// on this; it is kept in one place so a shared recognizer can replace it.
import SwiftCST

/// How often the code at a finding runs, which weighs its priority.
enum AuditPlace: String, Sendable {
    /// In a `ForEach`/`List` row or a lazy container's content, or in a view built as such
    /// a row: it runs once per row.
    case row
    /// In `body`, a view's initializer, or a computed property or a function returning a
    /// value that body reads: it runs on every update.
    case body
    /// In a closure that runs on an event (`Button` actions, `onAppear`, `task`, …) or a
    /// view method that returns nothing (an action handler).
    case action
    /// Outside any view.
    case elsewhere
}

/// What the tree says about one offset.
struct AuditSite: Sendable {
    /// The innermost type declaration around it (an extension gives the extended type).
    var typeName: String?
    /// The type conforms to `View` or declares `body`.
    var isView: Bool
    var place: AuditPlace
    /// Why the place was chosen, in words.
    var reason: String
    /// The place and reason if the type is a view declared elsewhere (this is its
    /// extension, or it conforms in another file).
    var viewPlace: AuditPlace
    var viewReason: String
}

/// Answers `AuditSite` questions about one parsed file.
struct AuditSiteFinder {
    let tree: SyntaxTree

    /// Containers whose content closure runs once per row, or lazily per visible child.
    static let rowContainers: Set<String> = ["ForEach", "List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
                                             "Table", "OutlineGroup"]
    /// Calls whose closure runs on an event or later, not while body is built.
    static let actionCalls: Set<String> = [
        "onAppear", "onDisappear", "onChange", "onTapGesture", "onLongPressGesture", "onSubmit", "onReceive",
        "onDelete", "onMove", "onInsert", "onHover", "onContinuousHover", "onOpenURL", "onDrop", "onKeyPress",
        "onCommand", "onExitCommand", "onPreferenceChange", "onEnded", "onChanged", "task", "refreshable",
        "withAnimation", "withTransaction", "Task", "async", "asyncAfter", "sink", "dropDestination", "draggable",
        "onScrollGeometryChange", "onGeometryChange",
    ]

    /// The site of the byte at `offset`.
    func site(at offset: Int) -> AuditSite {
        guard !tree.tokens.isEmpty else {
            return AuditSite(typeName: nil, isView: false, place: .elsewhere, reason: "outside any view", viewPlace: .elsewhere,
                             viewReason: "outside any view")
        }
        let start = tree.token(containing: offset).parent
        var place: AuditPlace?
        var reason = ""
        var member: Node?
        for node in [start] + start.ancestors {
            if place == nil, node.kind == .closureExpr, let (call, name) = AuditSiteFinder.owningCall(of: node) {
                if AuditSiteFinder.isAction(closure: node, call: call, name: name) {
                    place = .action
                    reason = "in the `\(name)` closure, which runs on an event, not on every update"
                } else if AuditSiteFinder.rowContainers.contains(name) {
                    place = .row
                    reason = "in the content of `\(name)`, which runs once per row"
                }
            }
            if member == nil, [.variableDecl, .functionDecl, .initializerDecl, .subscriptDecl].contains(node.kind),
               node.parent?.kind == .memberBlock || node.parent?.kind == .ifConfigClause {
                member = node
            }
            if let type = TypeDecl(node) {
                let isView = AuditSiteFinder.isView(type)
                let (asView, asViewReason) = place.map { ($0, reason) } ?? AuditSiteFinder.memberPlace(member, isView: true)
                if place == nil {
                    (place, reason) = AuditSiteFinder.memberPlace(member, isView: isView)
                }
                return AuditSite(typeName: type.name, isView: isView, place: place ?? .elsewhere, reason: reason,
                                 viewPlace: asView, viewReason: asViewReason)
            }
        }
        let outside = place == nil ? "outside any view" : reason
        return AuditSite(typeName: nil, isView: false, place: place ?? .elsewhere, reason: outside,
                         viewPlace: place ?? .elsewhere, viewReason: outside)
    }

    /// Names of the types this file declares as views (conforming to `View` or declaring
    /// `body`).
    func viewTypeNames() -> Set<String> {
        var names = Set<String>()
        for node in tree.root.descendants([.structDecl, .classDecl, .enumDecl, .extensionDecl]) {
            if let type = TypeDecl(node), AuditSiteFinder.isView(type), let name = type.name { names.insert(name) }
        }
        return names
    }

    /// Type names called inside row content, each with the type whose row calls it: the
    /// views built once per row.
    func rowCallees() -> [String: String] {
        var result: [String: String] = [:]
        for closure in tree.root.descendants(.closureExpr) {
            guard let (call, name) = AuditSiteFinder.owningCall(of: closure), AuditSiteFinder.rowContainers.contains(name),
                  !AuditSiteFinder.isAction(closure: closure, call: call, name: name) else { continue }
            let owner = closure.ancestors.lazy.compactMap(TypeDecl.init).first?.name ?? "?"
            for inner in closure.descendants(.functionCallExpr) {
                guard let callee = FunctionCallExpr(inner)?.callee, callee.kind == .identifierExpr,
                      let calleeName = callee.firstToken?.text, calleeName.first?.isUppercase == true,
                      !AuditSiteFinder.rowContainers.contains(calleeName) else { continue }
                if result[calleeName] == nil { result[calleeName] = owner }
            }
        }
        return result
    }

    // MARK: - Recognizers

    /// The call a closure belongs to (as trailing closure, labeled trailing closure or
    /// argument), with the called name.
    private static func owningCall(of closure: Node) -> (FunctionCallExpr, String)? {
        var parent = closure.parent
        if parent?.kind == .argument { parent = parent?.parent?.parent }
        else if parent?.kind == .labeledTrailingClosure { parent = parent?.parent }
        guard let node = parent, let call = FunctionCallExpr(node), let name = call.calleeName else { return nil }
        return (call, name)
    }

    /// Whether `closure`, passed to `call`, runs on an event rather than while body is built.
    private static func isAction(closure: Node, call: FunctionCallExpr, name: String) -> Bool {
        if actionCalls.contains(name) { return true }
        guard name == "Button" else { return false }
        // `Button(action: f) { label }`: the trailing closure is the label; `Button("T") { act }`
        // and `Button { act } label: { … }`: it is the action.
        if closure.parent?.kind == .argument { return Argument(closure.parent!)?.label == "action" }
        if closure.parent?.kind == .labeledTrailingClosure { return false }
        return call.argument("action") == nil
    }

    private static func isView(_ type: TypeDecl) -> Bool {
        if type.inheritedTypeNames.contains(where: { $0 == "View" || $0 == "SwiftUI.View" }) { return true }
        return type.members.contains { member in
            VariableDecl(member)?.bindings.contains { $0.name == "body" } ?? false
        }
    }

    /// The place of code directly in a member of a type (no deciding closure around it).
    private static func memberPlace(_ member: Node?, isView: Bool) -> (AuditPlace, String) {
        guard isView else { return (.elsewhere, "outside any view") }
        guard let member else { return (.body, "in the view's declaration") }
        if member.kind == .initializerDecl { return (.body, "in the view's init, which runs on every update of its parent") }
        if let function = FunctionLikeDecl(member), member.kind == .functionDecl {
            if function.returnType == nil {
                return (.action, "in `\(function.name ?? "a method")()`, a method that returns nothing (an action handler)")
            }
            return (.body, "in `\(function.name ?? "a method")()`, which builds part of the view")
        }
        if let variable = VariableDecl(member) {
            let name = variable.bindings.first?.name ?? "a property"
            if name == "body" { return (.body, "in `body`, which runs on every update") }
            if variable.bindings.first?.accessorBlock == nil {
                return (.body, "in `\(name)`, a stored property set each time the view is created")
            }
            return (.body, "in `\(name)`, a property the view reads while it renders")
        }
        return (.body, "in the view")
    }
}
