// What kind of content a closure builds: a View, chart or table content, commands, toolbar
// content, scenes, an action run later (a Button's action), or an ordinary closure.
import SwiftCST

/// The calls whose argument or closure holds a node, innermost first, up to the nearest
/// declaration: `VStack { … }`, `.toolbar { … }`, `Picker(…) { … }` around a row.
func enclosingCalls(of node: Node) -> [(call: FunctionCallExpr, name: String)] {
    var calls: [(FunctionCallExpr, String)] = []
    var child = node
    var current = node.parent
    while let parent = current {
        if parent.kind == .functionCallExpr, let call = FunctionCallExpr(parent), call.callee != child, let name = call.calleeName {
            calls.append((call, name))
        }
        if [.variableDecl, .functionDecl, .subscriptDecl].contains(parent.kind) { break }
        child = parent
        current = parent.parent
    }
    return calls
}

/// The result builder a piece of code is written in.
struct BuilderContext: Equatable {
    enum Kind: Equatable {
        case view, chart, table, commands, toolbar, scene
        /// Another result builder, by its attribute name.
        case otherBuilder(String)
        /// An action: run later, on an event or asynchronously (`Button`'s action,
        /// `.onAppear`, `.task`, gestures, `Task { }`), never while `body` is built.
        case action
        /// No builder: a plain closure that may run right away (`items.map { … }`).
        case ordinary
    }

    let kind: Kind
    /// Where the context comes from, for messages: "chart content (`Chart`)". Kept in
    /// parts and joined when a message asks: every closure of a render path is classified,
    /// and few contexts ever reach a message.
    var origin: String { originHead + originName + originTail }
    private let originHead: String
    private let originName: String
    private let originTail: String

    init(kind: Kind, origin head: String, _ name: String = "", _ tail: String = "") {
        self.kind = kind
        originHead = head
        originName = name
        originTail = tail
    }

    static func == (a: BuilderContext, b: BuilderContext) -> Bool { a.kind == b.kind && a.origin == b.origin }

    /// Builders whose content is not a View, by the call that holds the content.
    static let nonViewCalls: [String: (Kind, String)] = [
        "Chart": (.chart, "chart content"), "Table": (.table, "table rows"), "TableRow": (.table, "table rows"),
        "Commands": (.commands, "commands"), "CommandMenu": (.commands, "commands"), "CommandGroup": (.commands, "commands"),
        "toolbar": (.toolbar, "toolbar content"), "ToolbarItem": (.toolbar, "toolbar content"),
        "ToolbarItemGroup": (.toolbar, "toolbar content"), "WindowGroup": (.scene, "scene content"),
        "Window": (.scene, "scene content"), "DocumentGroup": (.scene, "scene content"), "Settings": (.scene, "scene content"),
        "MenuBarExtra": (.scene, "scene content"), "Scene": (.scene, "scene content"),
    ]

    /// Result types of declarations whose content is not a View (`some ChartContent`).
    static let nonViewResultTypes: [String: (Kind, String)] = [
        "ChartContent": (.chart, "chart content"), "TableRowContent": (.table, "table rows"),
        "TableColumnContent": (.table, "table columns"), "Commands": (.commands, "commands"),
        "ToolbarContent": (.toolbar, "toolbar content"), "CustomizableToolbarContent": (.toolbar, "toolbar content"),
        "Scene": (.scene, "scene content"),
    ]

    /// Modifiers and initializers whose closure is an action run on an event, not content:
    /// nothing in it is on the render path.
    static let actionCalls: Set<String> = [
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onSubmit", "onTapGesture", "onLongPressGesture",
        "onEnded", "onChanged", "updating", "onDelete", "onMove", "onInsert", "onDrop", "onDrag", "onHover",
        "onContinuousHover", "onOpenURL", "onPreferenceChange", "onKeyPress", "onCommand", "onExitCommand",
        "onPlayPauseCommand", "onMoveCommand", "refreshable", "dropDestination", "onScrollGeometryChange",
        "onGeometryChange", "onScrollPhaseChange", "onScrollVisibilityChange", "perform", "action",
        "Task", "detached", "async", "asyncAfter",
        // The completion of a file dialog, and labels of closures run on an event.
        "fileImporter", "fileExporter", "fileMover", "onCommit", "onEditingChanged", "onCompletion", "onDismiss",
    ]

    /// Modifiers whose closure is View content: what they show, not what they do.
    static let contentModifiers: Set<String> = [
        "overlay", "background", "mask", "clipShape", "sheet", "fullScreenCover", "popover", "inspector",
        "navigationDestination", "contextMenu", "swipeActions", "safeAreaInset", "alert", "confirmationDialog",
        "searchSuggestions", "tabItem", "badge", "labelStyle", "accessibilityRepresentation", "accessibilityActions",
        "toolbar", "draggable",
    ]

    /// The non-View content around `node`, if any: a call such as `Chart { }` or
    /// `.toolbar { }` holding it, or a declaration typed `some Scene` or marked with another
    /// builder than `@ViewBuilder`. Nil when the content is (or may be) a View.
    static func nonViewContent(around node: Node) -> BuilderContext? {
        var current = node.parent
        while let parent = current {
            if parent.kind == .functionCallExpr, let call = FunctionCallExpr(parent), !(call.callee?.contains(node) ?? false),
               let name = call.calleeName, let (kind, what) = nonViewCalls[name] {
                return BuilderContext(kind: kind, origin: what + " (`", name, "`)")
            }
            if [.variableDecl, .functionDecl, .subscriptDecl].contains(parent.kind) {
                return declarationContext(parent)
            }
            current = parent.parent
        }
        return nil
    }

    /// The builder a declaration's attribute or result type names, when it is not a View.
    private static func declarationContext(_ declaration: Node) -> BuilderContext? {
        for attribute in declaration.children(.attribute) {
            guard let name = attribute.ownTokens.first(where: { $0.kind == .identifier })?.text
                ?? attribute.descendants(.identifierType).first?.text else { continue }
            if name.hasSuffix("Builder") && name != "ViewBuilder" {
                return BuilderContext(kind: .otherBuilder(name), origin: "built by `@", name, "`")
            }
        }
        for typeNode in declaration.descendants([.typeAnnotation, .returnClause]) where !typeNode.isEmpty {
            for index in typeNode.firstTokenIndex..<typeNode.endTokenIndex {
                let word = declaration.tree.token(at: index).text
                if let (kind, what) = nonViewResultTypes[word] { return BuilderContext(kind: kind, origin: what + " (`some ", word, "`)") }
            }
        }
        return nil
    }

    /// What `closure` builds, from the call it is passed to: an action (`Button`'s action,
    /// `.onAppear`, `.task`, gestures, `Task { }`…), non-View content as above, View content
    /// (a closure of an uppercase call such as `VStack`, or of a content modifier such as
    /// `.overlay`), or an ordinary closure (`items.map { … }`).
    static func of(_ closure: ClosureExpr) -> BuilderContext {
        guard let (call, name, label) = callReceiving(closure.node) else {
            return BuilderContext(kind: .ordinary, origin: "a closure")
        }
        let role = roles[name]
        if case .nonView(let kind, let what)? = role { return BuilderContext(kind: kind, origin: what + " (`", name, "`)") }
        if role == .action || (label.map(actionCalls.contains) ?? false) {
            return BuilderContext(kind: .action, origin: "the action of `", name, "`")
        }
        if name == "Button", label == nil {
            // `Button { action } label: { … }`, `Button("x") { action }`: the unlabeled closure acts.
            return BuilderContext(kind: .action, origin: "the action of `Button`")
        }
        let isModifier = call.callee?.kind == .memberAccessExpr
        if isModifier ? role == .contentModifier : startsUppercase(name) && !isPlatformType(name) && !holdsControlFlow(closure) {
            return BuilderContext(kind: .view, origin: "the content of `", name, "`")
        }
        return BuilderContext(kind: .ordinary, origin: "a closure passed to `", name, "`")
    }

    /// Whether `name` is a UIKit or AppKit type (`UIContextMenuConfiguration`,
    /// `NSHostingView`): their closures build menus, cells and actions, not SwiftUI content.
    private static func isPlatformType(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(3))
        guard bytes.count == 3, (bytes[0] == UInt8(ascii: "U") && bytes[1] == UInt8(ascii: "I"))
                || (bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "S")) else { return false }
        return bytes[2] >= UInt8(ascii: "A") && bytes[2] <= UInt8(ascii: "Z")
    }

    /// Whether the closure's own statements hold a `guard` or a `return`: a view builder
    /// holds neither, so the closure is ordinary code whatever it is passed to.
    private static func holdsControlFlow(_ closure: ClosureExpr) -> Bool {
        closure.statements.contains { $0.kind == .guardStmt || $0.kind == .returnStmt }
    }

    /// What a call's name says of its closures, from `nonViewCalls`, `actionCalls` and
    /// `contentModifiers` in that order: one lookup per name where the three were searched
    /// one after another for every closure of a view.
    private enum Role: Equatable {
        case nonView(Kind, String)
        case action
        case contentModifier
    }

    private static let roles: [String: Role] = {
        var roles: [String: Role] = [:]
        for name in contentModifiers { roles[name] = .contentModifier }
        for name in actionCalls { roles[name] = .action }
        for (name, value) in nonViewCalls { roles[name] = .nonView(value.0, value.1) }
        return roles
    }()

    /// Whether `name` starts with an uppercase letter (a type's initializer): an ASCII
    /// first byte is read as it is, any other through its `Character`.
    private static func startsUppercase(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        if first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
        return name.first?.isUppercase == true
    }
}

/// The call a closure is passed to, its name, and the closure's label (nil for the first
/// trailing closure and unlabeled arguments): `Button`, `.onAppear`, `queue.async`.
func callReceiving(_ closure: Node) -> (call: FunctionCallExpr, name: String, label: String?)? {
    guard let parent = closure.parent else { return nil }
    if let call = FunctionCallExpr(parent), parent.kind == .functionCallExpr, call.callee != closure, let name = call.calleeName {
        return (call, name, nil)
    }
    if parent.kind == .argument, let argument = Argument(parent), let list = parent.parent,
       let callNode = list.parent, let call = FunctionCallExpr(callNode), let name = call.calleeName {
        return (call, name, argument.label)
    }
    if parent.kind == .labeledTrailingClosure, let callNode = parent.parent, let call = FunctionCallExpr(callNode),
       let name = call.calleeName {
        return (call, name, parent.firstToken?.text)
    }
    return nil
}
