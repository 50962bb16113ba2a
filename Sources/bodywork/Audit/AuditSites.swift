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
    /// Run once rather than per update: a task started when a view appears (its cost is
    /// its lifetime), an app's or scene's setup, a static property's initial value.
    case once
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
    /// In an initializer or a stored property's initial value: it runs whenever the view is
    /// created, also as a navigation destination that is never shown.
    var atInit = false
}

/// Answers `AuditSite` questions about one parsed file.
struct AuditSiteFinder {
    let tree: SyntaxTree

    /// Containers whose content closure runs once per row, or lazily per visible child.
    static let rowContainers: Set<String> = ["ForEach", "List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid",
                                             "Table", "OutlineGroup"]
    /// Lazy containers: rows are built as they scroll into view.
    static let lazyContainers: Set<String> = ["List", "Form", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table",
                                              "OutlineGroup"]
    /// Calls whose content closure builds a screen shown later (a presentation or a
    /// navigation destination), not part of the row it is written in.
    static let presentationCalls: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "alert", "confirmationDialog", "inspector", "contextMenu",
    ]
    /// Rules whose findings cost once, not per update, wherever they sit: why, in words.
    static let onceRules: [String: String] = [
        "onappear-task": "a task started when the view appears: it runs once per appearance and outlives the view, "
            + "it does not run on updates",
    ]
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
                } else if AuditSiteFinder.isRowContent(node, of: name) {
                    place = .row
                    reason = AuditSiteFinder.rowReason(name, closure: node)
                }
            }
            if member == nil, [.variableDecl, .functionDecl, .initializerDecl, .subscriptDecl].contains(node.kind),
               node.parent?.kind == .memberBlock || node.parent?.kind == .ifConfigClause {
                member = node
            }
            if let type = TypeDecl(node) {
                if let setup = AuditSiteFinder.setupKind(type), place != .action {
                    let why = "in the \(setup) `\(type.name ?? "?")`, set up once when the app launches"
                    return AuditSite(typeName: type.name, isView: false, place: .once, reason: why, viewPlace: .once, viewReason: why)
                }
                if AuditSiteFinder.isPreview(type) { return AuditSiteFinder.preview(typeName: type.name) }
                let isView = AuditSiteFinder.isView(type)
                let (asView, asViewReason) = place.map { ($0, reason) } ?? AuditSiteFinder.memberPlace(member, of: type, isView: true)
                if place == nil {
                    (place, reason) = AuditSiteFinder.memberPlace(member, of: type, isView: isView)
                }
                let atInit = member.map { $0.kind == .initializerDecl || AuditSiteFinder.isStoredInstanceProperty($0) } ?? false
                return AuditSite(typeName: type.name, isView: isView, place: place ?? .elsewhere, reason: reason,
                                 viewPlace: asView, viewReason: asViewReason, atInit: atInit)
            }
        }
        if AuditSiteFinder.inPreviewMacro(start) { return AuditSiteFinder.preview(typeName: nil) }
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
    func rowCallees() -> [String: String] { rowCalls(destinations: false) }

    /// Type names a row creates as a navigation destination (`NavigationLink(destination:)`),
    /// with the type whose row does: their initializers run once per row, their bodies only
    /// when shown.
    func rowDestinations() -> [String: String] { rowCalls(destinations: true) }

    private func rowCalls(destinations: Bool) -> [String: String] {
        var result: [String: String] = [:]
        for closure in tree.root.descendants(.closureExpr) {
            guard let (call, name) = AuditSiteFinder.owningCall(of: closure), AuditSiteFinder.isRowContent(closure, of: name),
                  !AuditSiteFinder.isAction(closure: closure, call: call, name: name) else { continue }
            // A preview's rows (one per color scheme or device) are not the app's.
            let ownerType = closure.ancestors.lazy.compactMap(TypeDecl.init).first
            if ownerType.map(AuditSiteFinder.isPreview) ?? AuditSiteFinder.inPreviewMacro(closure) { continue }
            guard let owner = ownerType?.name else { continue }
            for inner in closure.descendants(.functionCallExpr)
            where AuditSiteFinder.timing(of: inner, within: closure) == (destinations ? .destination : .built) {
                guard let callee = FunctionCallExpr(inner)?.callee, callee.kind == .identifierExpr,
                      let calleeName = callee.firstToken?.text, calleeName.first?.isUppercase == true,
                      !AuditSiteFinder.rowContainers.contains(calleeName) else { continue }
                if result[calleeName] == nil { result[calleeName] = owner }
            }
        }
        return result
    }

    // MARK: - Recognizers

    /// Whether `closure`, passed to `name`, is built once per row: a `ForEach`'s, or a row
    /// container's that takes each element (`List(items) { item in … }`). A container's
    /// fixed content (`List { Header(); Chart() }`) is built once, however lazily.
    private static func isRowContent(_ closure: Node, of name: String) -> Bool {
        guard rowContainers.contains(name) else { return false }
        return name == "ForEach" || ClosureExpr(closure)?.parameterClause != nil
    }

    /// Containers that build all their content whenever they update.
    static let eagerContainers: Set<String> = ["VStack", "HStack", "ZStack", "Grid", "ScrollView"]

    /// Why code in a row container's content runs per row, saying whether the rows are
    /// built lazily (a `List`, or a `ForEach` inside one) or all at once on every update
    /// (a `ForEach` in a stack), when the code around it tells.
    private static func rowReason(_ name: String, closure: Node) -> String {
        if lazyContainers.contains(name) {
            return "in a row of `\(name)`, a lazy container that builds each row as it scrolls into view"
        }
        for node in closure.ancestors where node.kind == .closureExpr {
            guard let (call, outer) = owningCall(of: node), !isAction(closure: node, call: call, name: outer) else { break }
            if presentationCalls.contains(outer) { break }
            if lazyContainers.contains(outer) {
                return "in a row of `\(name)` in `\(outer)`, a lazy container that builds each row as it scrolls into view"
            }
            if eagerContainers.contains(outer) {
                return "in a row of `\(name)` in `\(outer)`, which builds every row, shown or not, each time it updates"
            }
        }
        return "in a row of `\(name)`, which runs once per row"
    }

    /// When a call inside a row closure runs.
    private enum CallTiming {
        /// While the row is built.
        case built
        /// While the row is built, as a navigation destination: only its initializer runs.
        case destination
        /// Later: in an action or a presentation's content.
        case deferred
    }

    /// When `call` runs compared with the row closure around it: later when an action or a
    /// presentation lies between the two; as a destination inside `NavigationLink`'s.
    private static func timing(of call: Node, within row: Node) -> CallTiming {
        var timing = CallTiming.built
        for node in [call] + call.ancestors {
            if node == row { return timing }
            if node.parent?.kind == .argument, Argument(node.parent!)?.label == "destination" { timing = .destination }
            guard node.kind == .closureExpr, let (outer, name) = owningCall(of: node) else { continue }
            if isAction(closure: node, call: outer, name: name) || presentationCalls.contains(name) { return .deferred }
            // `NavigationLink { Destination() } label: { … }`: the first closure is the destination.
            if name == "NavigationLink", node.parent?.kind != .labeledTrailingClosure, !outer.additionalTrailingClosures.isEmpty {
                timing = .destination
            }
        }
        return timing
    }

    private static func isStoredInstanceProperty(_ member: Node) -> Bool {
        guard let variable = VariableDecl(member), !variable.isStatic else { return false }
        return variable.bindings.first?.accessorBlock == nil
    }

    /// `App` or `Scene` for the types whose body describes the app's scenes.
    private static func setupKind(_ type: TypeDecl) -> String? {
        let names = type.inheritedTypeNames
        if names.contains(where: { $0 == "App" || $0 == "SwiftUI.App" }) { return "app" }
        if names.contains(where: { $0 == "Scene" || $0 == "SwiftUI.Scene" }) { return "scene" }
        return nil
    }

    private static func isPreview(_ type: TypeDecl) -> Bool {
        type.inheritedTypeNames.contains { $0 == "PreviewProvider" || $0 == "SwiftUI.PreviewProvider" }
    }

    /// Inside a `#Preview { … }`.
    private static func inPreviewMacro(_ node: Node) -> Bool {
        ([node] + node.ancestors).contains { candidate in
            (candidate.kind == .macroExpansionDecl || candidate.kind == .macroExpansionExpr)
                && candidate.ownTokens.contains { $0.text == "Preview" }
        }
    }

    private static func preview(typeName: String?) -> AuditSite {
        let why = "in a preview, which the app does not run"
        return AuditSite(typeName: typeName, isView: false, place: .elsewhere, reason: why, viewPlace: .elsewhere, viewReason: why)
    }

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

    /// A view, a view modifier (its `body(content:)` runs on every update of the view it
    /// modifies) or an extension of `View` (its helpers run in the bodies that call them).
    private static func isView(_ type: TypeDecl) -> Bool {
        if setupKind(type) != nil || isPreview(type) { return false }
        if type.isExtension, type.name == "View" || type.name == "SwiftUI.View" { return true }
        let viewProtocols: Set<String> = ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"]
        if type.inheritedTypeNames.contains(where: viewProtocols.contains) { return true }
        return type.members.contains { member in
            VariableDecl(member)?.bindings.contains { $0.name == "body" } ?? false
        }
    }

    /// The place of code directly in a member of a type (no deciding closure around it).
    private static func memberPlace(_ member: Node?, of type: TypeDecl, isView: Bool) -> (AuditPlace, String) {
        if let member, let variable = VariableDecl(member), variable.isStatic, variable.bindings.first?.accessorBlock == nil {
            return (.once, "in the static `\(variable.bindings.first?.name ?? "property")`, set up once, on first use")
        }
        guard isView else { return (.elsewhere, "outside any view") }
        guard let member else { return (.body, "in the view's declaration") }
        if member.kind == .initializerDecl { return (.body, "in the view's init, which runs on every update of its parent") }
        if let function = FunctionLikeDecl(member), member.kind == .functionDecl {
            let name = function.name ?? "a method"
            if name == "body", function.returnType != nil {
                return (.body, "in `body(content:)`, which runs on every update of the view it modifies")
            }
            if function.returnType == nil {
                return (.action, "in `\(name)()`, a method that returns nothing (an action handler)")
            }
            if bodyNames(of: type).contains(name) { return (.body, "in `\(name)()`, a helper `body` calls on every update") }
            return (.body, "in `\(name)()`, which builds part of the view")
        }
        if let variable = VariableDecl(member) {
            let name = variable.bindings.first?.name ?? "a property"
            if name == "body" { return (.body, "in `body`, which runs on every update") }
            if variable.bindings.first?.accessorBlock == nil {
                return (.body, "in `\(name)`, a stored property set each time the view is created")
            }
            if bodyNames(of: type).contains(name) { return (.body, "in `\(name)`, a property `body` reads on every update") }
            return (.body, "in `\(name)`, a property the view reads while it renders")
        }
        return (.body, "in the view")
    }

    /// The identifiers `body` names in this declaration of the type.
    private static func bodyNames(of type: TypeDecl) -> Set<String> {
        guard let body = type.members.first(where: { VariableDecl($0)?.bindings.contains { $0.name == "body" } ?? false }) else {
            return []
        }
        var names = Set<String>()
        for index in body.firstTokenIndex..<body.endTokenIndex where body.tree.token(at: index).kind == .identifier {
            names.insert(body.tree.token(at: index).text)
        }
        return names
    }
}
