// When a closure passed to a call runs, decided from the declaration it is passed to:
// SwiftUI's own API from a table, the module's own views, modifiers and helpers from the
// project index, and "unknown" for everything else, never from the names of things.
import Codemod
import Foundation
import Semantics
import SwiftCST

/// The role of one closure argument (trailing or labeled).
enum ClosureRole: Equatable {
    /// Content: runs when the view renders (`VStack { … }`, `.overlay { … }`, a custom
    /// view's `@ViewBuilder` parameter).
    case render
    /// Runs later, on an event (`Button`'s action, `.onAppear`, a custom view's `() -> Void`).
    case action
    /// Runs during the call, in the caller's role (`items.map { … }`, `withAnimation { … }`).
    case immediate
    /// Nothing the project holds says when it runs (a type from another package).
    case unknown
}

enum ClosureRoles {
    /// The role of `closure`, given the module's index.
    static func role(of closure: Node, index: ProjectIndex) -> ClosureRole {
        role(of: closure, callables: ModuleCallables.of(index))
    }

    /// The role of `closure`, given the module's callables (`ModuleCallables.of(index)`,
    /// looked up once for the many closures of a view).
    static func role(of closure: Node, callables: ModuleCallables) -> ClosureRole {
        guard let parent = closure.parent else { return .unknown }
        // `{ … }()`: called where it is written.
        if parent.kind == .functionCallExpr, parent.firstChildNode == closure { return .immediate }
        guard let (call, name, label) = callReceiving(closure) else { return .unknown }
        // The call's labels, read only where a declaration has to be matched to them, and
        // then once.
        var given: Set<String>?
        let labels = { () -> Set<String> in
            if let given { return given }
            let found = Set(call.arguments.compactMap(\.label) + call.additionalTrailingClosures.compactMap { $0.firstToken?.text })
            given = found
            return found
        }
        // `Row(…)`, or `Row.init(…)` whose type is the access's base.
        let explicitInit = call.callee.flatMap(MemberAccessExpr.init).flatMap { $0.name == "init" ? $0.base : nil }
        let isInitializer = explicitInit != nil || isTypeName(name) && call.callee?.kind != .memberAccessExpr
        let calledName = explicitInit.flatMap { $0.lastToken?.text } ?? name
        if let role = moduleRole(name: calledName, isInitializer: isInitializer, label: label, labels: labels, callables: callables) {
            return role
        }
        // A type of the module with no initializer that takes a closure is not the one
        // called here (IceCubes' `Models.List` beside SwiftUI's `List`): on to SwiftUI's.
        // `.init(get:set:)` where a `Binding` is expected.
        let entry = name == "init" && !labels().isDisjoint(with: ["get", "set"]) ? SwiftUIClosures.table["Binding"] : SwiftUIClosures.table[name]
        if let entry {
            // `TextField(title, text: $t) { editing in … }`: a label builder takes no
            // arguments, and no initializer with a title string takes one.
            if label == nil, let role = entry.withArguments,
               takesArguments(closure) || call.arguments.first.map({ $0.label == nil }) == true {
                return role
            }
            return entry.role(label: label, labels: labels)
        }
        if !isInitializer, SwiftUIClosures.immediateCalls.contains(name) { return .immediate }
        return .unknown
    }

    /// Whether the closure names parameters (`x in`) or uses `$0`.
    private static func takesArguments(_ closure: Node) -> Bool {
        if ClosureExpr(closure)?.parameterClause != nil { return true }
        return closure.containsDescendant(.identifierExpr) { $0.firstToken?.kind == .dollarIdentifier }
    }

    /// Whether `name` starts with an uppercase letter, as a type does.
    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        if first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
        return name.unicodeScalars.first?.properties.isUppercase == true
    }

    /// The role the module's own declarations give, when some declare a callable of this
    /// name whose labels fit the call and all of those agree.
    private static func moduleRole(name: String, isInitializer: Bool, label: String?, labels: () -> Set<String>,
                                   callables: ModuleCallables) -> ClosureRole? {
        let candidates = isInitializer
            ? callables.initializers(of: name)
            : callables.functions(named: name)
        guard !candidates.isEmpty else { return nil }
        let labels = labels()
        var found: ClosureRole?
        for callable in candidates {
            let parameterLabels = Set(callable.parameters.map(\.label))
            guard labels.isSubset(of: parameterLabels) else { continue }
            let parameter: CallableParameter?
            if let label {
                parameter = callable.parameters.first { $0.label == label }
            } else {
                // The unlabeled (first trailing) closure: the first closure parameter not
                // given by label, as Swift's forward scan matches it.
                parameter = callable.parameters.first { $0.role != nil && !labels.contains($0.label) }
            }
            guard let parameter else { continue }
            // A closure given to a parameter that is not a function type: a typealias or a
            // generic the index could not see through.
            let role = parameter.role.map(ClosureRole.init) ?? .unknown
            if let known = found, known != role { return .unknown }
            found = role
        }
        return found
    }
}

private extension ClosureRole {
    init(_ role: ClosureParameterRole) {
        switch role {
        case .render: self = .render
        case .action: self = .action
        case .immediate: self = .immediate
        case .unknown: self = .unknown
        }
    }
}

/// The module's callables with closure parameters, found by name in the index (where the
/// builder files them by name) and decoded when a call names them: once per name and
/// module, for all the views of all its files, on any thread.
final class ModuleCallables: @unchecked Sendable {
    let index: ProjectIndex
    private let lock = NSLock()
    private var known: [String: [ModuleCallable]] = [:]

    private init(index: ProjectIndex) { self.index = index }

    private static let memo = IndexMemo<ModuleCallables>()

    /// The callables of `index`'s module, shared by every rule and file given that index.
    static func of(_ index: ProjectIndex) -> ModuleCallables { memo.value(for: index, make: ModuleCallables.init) }

    private func lookUp(_ key: String) -> [ModuleCallable] {
        if let found = lock.withLock({ known[key] }) { return found }
        // Decoded outside the lock: two threads may both decode a name, to the same answer.
        let found = decoded(index.propertyTypes[key])
        lock.withLock { known[key] = found }
        return found
    }

    private func decoded(_ entries: [String: String]?) -> [ModuleCallable] {
        guard let entries else { return [] }
        let conformances = index.conformances
        // Sorted, so that the same declarations give the same answer in any order.
        return entries.sorted { $0.key < $1.key }.map { entry, text in
            let (owner, name) = CallableSignature.ownerAndName(ofEntry: entry)
            return ModuleCallable(owner: owner, name: name, parameters: CallableSignature.decode(
                text, typealiases: index.typealiases, returnsView: { conformances[$0]?.contains("View") == true }))
        }
    }

    /// The callables named `name` (backticks aside: `` `if` `` is `if`).
    func functions(named name: String) -> [ModuleCallable] {
        let bare = name.utf8.count > 2 && name.utf8.first == UInt8(ascii: "`") && name.utf8.last == UInt8(ascii: "`")
            ? String(name.dropFirst().dropLast()) : name
        return lookUp(CallableSignature.key(named: bare))
    }

    /// The initializers of the types whose name ends in `type`.
    func initializers(of type: String) -> [ModuleCallable] {
        lookUp(CallableSignature.initializersKey(of: type))
    }
}

/// SwiftUI's (and the standard library's) calls that take closures, with each closure's role.
enum SwiftUIClosures {
    /// The closures of one call: by label, the unlabeled trailing closure as the first of
    /// `trailing` not given by label, and `other` for any closure not listed.
    struct Entry {
        var roles: [String: ClosureRole] = [:]
        var trailing: [String] = []
        var other: ClosureRole
        /// The role of an unlabeled closure that takes arguments or follows a title, when
        /// that tells it apart (`onEditingChanged` beside a `label` builder).
        var withArguments: ClosureRole?
        /// The closure parameters in the order declared, where a lone trailing closure
        /// skips one (`onDismiss` before `content`): with a later one given by label
        /// (`.sheet(item: $x) { … } content: { … }`), the unlabeled closure is the first
        /// before it, as Swift matches trailing closures forward.
        var declared: [String] = []

        func role(label: String?, labels: () -> Set<String>) -> ClosureRole {
            if let label { return roles[label] ?? other }
            guard !trailing.isEmpty else { return other }
            let given = labels()
            if let later = declared.firstIndex(where: given.contains),
               let first = declared[..<later].first(where: { !given.contains($0) }) {
                return roles[first] ?? other
            }
            if let first = trailing.first(where: { !given.contains($0) }) { return roles[first] ?? other }
            return other
        }
    }

    /// Every closure of the call has `role`.
    private static func all(_ role: ClosureRole) -> Entry { Entry(other: role) }

    /// Content, but the listed labels are actions.
    private static func content(actions: [String], trailing: [String] = []) -> Entry {
        Entry(roles: Dictionary(uniqueKeysWithValues: actions.map { ($0, .action) }), trailing: trailing, other: .render)
    }

    static let table: [String: Entry] = {
        var table: [String: Entry] = [:]
        // Containers and views whose closures are content.
        for name in ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow",
                     "List", "ForEach", "Section", "Group", "ScrollView", "ScrollViewReader", "GeometryReader", "NavigationView",
                     "NavigationStack", "NavigationSplitView", "NavigationLink", "TabView", "Tab", "Form", "ViewThatFits",
                     "Canvas", "TimelineView", "DisclosureGroup", "GroupBox", "ControlGroup", "LabeledContent",
                     "ContentUnavailableView", "Label", "Toggle", "Picker", "DatePicker", "ColorPicker", "ProgressView",
                     "Gauge", "AsyncImage", "Link", "ShareLink", "PhotosPicker", "OutlineGroup", "Table", "TableColumn",
                     "TableRow", "Chart", "Commands", "CommandMenu", "CommandGroup", "ToolbarItem", "ToolbarItemGroup",
                     "WindowGroup", "Window", "DocumentGroup", "Settings", "MenuBarExtra", "ZStackLayout", "HStackLayout",
                     "VStackLayout", "AnyLayout", "ScrollViewProxy", "AxisMarks", "AxisValueLabel", "PhaseAnimator",
                     "KeyframeAnimator", "Popover", "EditButton", "RenameButton", "HSplitView", "VSplitView", "Text",
                     "overlay", "background", "mask", "sheet", "fullScreenCover", "popover", "inspector",
                     "navigationDestination", "contextMenu", "swipeActions", "safeAreaInset", "alert", "confirmationDialog",
                     "searchSuggestions", "searchScopes", "tabItem", "toolbar", "draggable", "accessibilityRepresentation",
                     "accessibilityActions", "backgroundPreferenceValue", "overlayPreferenceValue", "chartOverlay",
                     "chartBackground", "chartXAxis", "chartYAxis", "chartLegend", "animation", "commands",
                     "actionSheet", "labelStyle", "badge", "safeAreaBar", "tabViewBottomAccessory"] {
            table[name] = all(.render)
        }
        // Views that take actions beside their content.
        table["Button"] = Entry(roles: ["action": .action, "label": .render], trailing: ["action", "label"], other: .render)
        table["Menu"] = content(actions: ["primaryAction"], trailing: ["content", "label"])
        for name in ["Slider", "Stepper", "TextField", "SecureField"] {
            var entry = content(actions: ["onEditingChanged", "onCommit", "onIncrement", "onDecrement"], trailing: ["label"])
            entry.withArguments = .action
            table[name] = entry
        }
        table["PasteButton"] = all(.action)
        for name in ["sheet", "fullScreenCover"] {
            var entry = content(actions: ["onDismiss"], trailing: ["content"])
            entry.declared = ["onDismiss", "content"]
            table[name] = entry
        }
        table["contextMenu"] = content(actions: ["primaryAction"], trailing: ["menuItems", "menu"])
        table["Binding"] = Entry(roles: ["get": .render, "set": .action], trailing: [], other: .unknown)
        table["accessibilityAction"] = Entry(roles: ["label": .render], trailing: [], other: .action)
        // Closures run on events, later, or during layout and transactions: never while
        // `body` is evaluated.
        for name in ["onAppear", "onDisappear", "task", "onChange", "onReceive", "onSubmit", "onTapGesture",
                     "onLongPressGesture", "onEnded", "onChanged", "updating", "onDelete", "onMove", "onInsert", "onDrop",
                     "onDrag", "onHover", "onContinuousHover", "onOpenURL", "onPreferenceChange", "onKeyPress", "onCommand",
                     "onExitCommand", "onPlayPauseCommand", "onMoveCommand", "onCopyCommand", "onCutCommand",
                     "onPasteCommand", "onDeleteCommand", "refreshable", "dropDestination", "onScrollGeometryChange",
                     "onGeometryChange", "onScrollPhaseChange", "onScrollVisibilityChange", "onScrollTargetVisibilityChange",
                     "fileImporter", "fileExporter", "fileMover", "onContinueUserActivity", "userActivity", "backgroundTask",
                     "sensoryFeedback", "transaction", "alignmentGuide", "transformEnvironment", "transformPreference",
                     "anchorPreference", "visualEffect", "scrollTransition", "containerRelativeFrame", "onModifierKeysChanged",
                     "onPencilDoubleTap", "onPencilSqueeze", "matchedTransitionSource", "onTapGestureWithLocation",
                     "Task", "detached", "async", "asyncAfter", "sink", "scheduledTimer", "addObserver",
                     "onCompletion", "onDismiss", "onCommit", "onEditingChanged", "perform", "action"] {
            table[name] = all(.action)
        }
        table["phaseAnimator"] = Entry(roles: ["animation": .action], trailing: ["content"], other: .render)
        table["keyframeAnimator"] = Entry(roles: ["keyframes": .action], trailing: ["content"], other: .render)
        return table
    }()

    /// Calls of the standard library and Foundation whose closure runs during the call.
    static let immediateCalls: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "first", "last", "firstIndex", "lastIndex",
        "contains", "allSatisfy", "forEach", "min", "max", "prefix", "drop", "split", "removeAll", "partition",
        "mapValues", "compactMapValues", "count", "withAnimation", "withTransaction", "autoreleasepool", "sync",
        "grouping", "uniquingKeysWith", "elementsEqual", "starts", "lexicographicallyPrecedes", "sum", "enumerated",
        "withUnsafeBufferPointer", "withUnsafeBytes", "withLock",
    ]
}
