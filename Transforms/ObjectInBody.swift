// Rule `object-in-body`: an observable model built while a view renders is a new object on
// every evaluation, so its state is lost and its observers start over; build it once.
import Codemod
import SwiftCST

/// Rule `object-in-body`; `documentation` below is its one description (RULES.md, `explain`).
public struct ObjectInBody: Rule {
    public init() {}

    /// Every finding is inside a View or ViewModifier, whose conformance names `View`
    /// (or whose declaration elsewhere does: then the file still calls a View).
    public var neededWords: [[StaticString]] { [["View"]] }

    /// Whether a called type is an observable class is read from the module's declarations.
    public var usesProjectIndex: Bool { true }

    public let id = "object-in-body"
    public let summary = "Report ObservableObject and @Observable models built while a view renders"
    public let documentation = """
        A class that is an `ObservableObject` or `@Observable` built in `body`, in a computed \
        property or method `body` calls, or in a row (`Row(model: RowModel(item))`) is a new \
        object every time SwiftUI evaluates the view: whatever it held is gone, its \
        initializer's work runs again, and every view observing it starts observing a \
        stranger. Create it once: `@StateObject` (or `@State` for `@Observable`) in the view \
        that owns it, or keep it in the parent's model and pass it down.

        Reported (warning), with no fix: where the object should live is a design choice. \
        The type must be declared in the project as a class conforming to `ObservableObject` \
        or marked `@Observable` (directly or through a superclass the index knows). A note \
        instead when the object goes straight (or through a local) to a view of the module \
        that keeps it in `@StateObject` or `@State`: that view keeps the first one, and the \
        others are built and dropped. `@ObservedObject var model = Model()` is reported too: \
        the view does not own what it observes, so each parent update that makes the view \
        makes a new object. An object made only to read one value or call one method \
        (`Theme().accent`) holds no state to lose: the report says so, and to keep one \
        instance (a `static let`, the environment). Not reported: `@StateObject var model = Model()` (built once) and \
        `@State var model = Model()` (the documented form for `@Observable`), closures that \
        run later or whose declaration the project does not hold (`Button`, `.task`, a custom \
        view's `() -> Void`), and members `body` does not reach.

        Before:

            ForEach(items) { item in
                Row(model: RowModel(item: item))
            }

        After:

            ForEach(store.rowModels) { model in
                Row(model: model)
            }
        """

    /// The module index's class names, by their last component: most calls of a file
    /// name no class, and are passed over on their name's bytes.
    private static let classNames = IndexMemo<NameEndings>()

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        // Only a class of the index can be an observable object the rule reports.
        let classNames = ObjectInBody.classNames.value(for: index) { NameEndings($0.classTypes) }
        guard !classNames.isEmpty else { return [] }
        var findings: [Finding] = []
        var seen = Set<Range<Int>>()
        // The calls of the file that build an observable object, by node index: most files
        // build none, and then no view's render path is needed.
        var built: [Int: (type: String, kind: String)] = [:]
        var kindByType: [String: String?] = [:]  // a file calls the same types many times
        for node in context.functionCalls(in: tree) {
            if let construction = construction(node, index: index, classNames: classNames, known: &kindByType) {
                built[node.index] = construction
            }
        }
        guard !built.isEmpty else { return [] }
        // A view is looked at when a built call lies in it: found by binary search, as a
        // file may hold hundreds of views and calls. The file's types are worked out only
        // now: most files build no observable object.
        let builtIndices = built.keys.sorted()
        for view in context.fileTypes(tree, index: index).views {
            let indices = view.node.subtreeIndices
            let first = builtIndices.partitionPoint { $0 < indices.lowerBound }
            guard first < builtIndices.count, builtIndices[first] <= indices.upperBound else { continue }
            // `@ObservedObject var model = Model()`: the view does not own what it observes,
            // so every parent update that makes the view makes a new object.
            for property in view.storedProperties {
                guard let wrapper = property.modifiers.lastAttribute?.name, wrapper == "ObservedObject" || wrapper == "SwiftUI.ObservedObject",
                      let binding = property.bindings.first, let name = binding.name, let value = binding.initializer,
                      let (type, _) = built[value.index], seen.insert(value.trimmedRange).inserted else { continue }
                findings.append(Finding(range: value.trimmedRange,
                                        message: "`@ObservedObject var \(name) = \(type)(…)` makes a new object each time the view is made; use `@StateObject`"))
            }
            for node in context.renderPath(of: view).renderedNodes(.functionCallExpr) {
                guard let (type, kind) = built[node.index], seen.insert(node.trimmedRange).inserted else { continue }
                if let (child, wrapper) = keepingReceiver(of: node, index: index) {
                    // The child keeps the first object it is given: the others are built
                    // and dropped, a cost but no loss of state.
                    findings.append(Finding(range: node.trimmedRange, message: MessageText.fitting(
                        "`\(type)(…)` is built on every evaluation of body, and `\(child)` keeps only the first (`@\(wrapper)`); build it in `\(child)`",
                        "`\(type)(…)` is built on every evaluation of body, and the child keeps only the first (`@\(wrapper)`); build it there"),
                                            severity: .note))
                    continue
                }
                if let member = readMember(of: node) {
                    // `Theme(…).primaryColor`: made only to read one value, then dropped.
                    findings.append(Finding(range: node.trimmedRange, message: MessageText.fitting(
                        "`\(type)(…)` builds a new \(kind) on every evaluation of body only to \(member); keep one, in a `static let` or the environment",
                        "`\(type)(…)` builds a \(kind) on every evaluation of body only to \(member); keep one")))
                    continue
                }
                findings.append(Finding(range: node.trimmedRange,
                                        message: "`\(type)(…)` builds a new \(kind) on every evaluation of body, losing its state; create it once with `@StateObject` or `@State`"))
            }
        }
        return findings
    }

    /// The member read straight off the object `node` builds (`Theme(…).color`), when the
    /// object goes nowhere else.
    private func readMember(of node: Node) -> String? {
        guard let parent = node.parent, let access = MemberAccessExpr(parent), access.base == node,
              let name = access.name else { return nil }
        if let call = parent.parent.flatMap(FunctionCallExpr.init), call.callee == parent { return "call `\(name)(…)`" }
        return "read `\(name)`"
    }

    /// The view and wrapper that receive the object `node` builds, when a view of the module
    /// keeps it in `@StateObject` or `@State`: given straight as an argument
    /// (`Row(model: RowModel(…))`), or through a local given as one.
    private func keepingReceiver(of node: Node, index: ProjectIndex) -> (String, String)? {
        var value = node
        if let binding = node.parent, binding.kind == .initializerClause, let pattern = binding.parent.flatMap(PatternBinding.init),
           let name = pattern.name, let scope = pattern.node.parent?.parent?.parent {
            // `let model = Model(…)` then `Row(model: model)`: the first use of the local.
            guard let use = scope.descendants(.identifierExpr).first(where: {
                $0.trimmedRange.lowerBound > node.trimmedRange.upperBound && $0.textEquals(name)
            }) else { return nil }
            value = use
        }
        guard let argumentNode = value.parent, let argument = Argument(argumentNode), argument.expression == value,
              let label = argument.label, let callNode = argumentNode.parent?.parent, let call = FunctionCallExpr(callNode),
              let child = call.calleeName, call.callee?.kind != .memberAccessExpr,
              let wrapper = index.propertyWrapper(of: child, named: label),
              ["StateObject", "State", "SwiftUI.StateObject", "SwiftUI.State"].contains(wrapper) else { return nil }
        return (child, FileTypes.lastComponent(wrapper))
    }

    /// The type `node` calls and what it is, when the call builds an observable object.
    private func construction(_ node: Node, index: ProjectIndex, classNames: NameEndings,
                              known: inout [String: String?]) -> (type: String, kind: String)? {
        // A type's name starts with an uppercase letter: told from the bytes when the first
        // character is ASCII, before anything else is asked (most calls are modifiers).
        guard let call = FunctionCallExpr(node), let token = call.calleeNameToken else { return nil }
        let bytes = token.tree.bytes, range = token.textRange
        guard let first = range.first.map({ bytes[$0] }) else { return nil }
        if first < 0x80 && (range.count == 1 || bytes[range.lowerBound + 1] < 0x80) {
            guard first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else { return nil }
        } else {
            guard first >= 0x80 || (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")),
                  token.text.first?.isUppercase == true else { return nil }
        }
        // The type is a class of the index (`observableKind`): its name ends as one does.
        guard classNames.mayContain(bytes, range) else { return nil }
        guard var callee = call.callee else { return nil }
        if callee.kind == .genericSpecializationExpr, let base = callee.firstChildNode { callee = base }
        guard callee.kind == .identifierExpr || callee.kind == .memberAccessExpr else { return nil }
        let type = callee.text
        if let kind = known[type] { return kind.map { (type, $0) } }
        let kind = observableKind(of: type, index: index)
        known[type] = kind
        return kind.map { (type, $0) }
    }

    /// `ObservableObject` or `@Observable` when `typeName` is a class the index shows to be
    /// one, directly or through its superclasses.
    private func observableKind(of typeName: String, index: ProjectIndex) -> String? {
        var name = typeName
        var visited = Set<String>()
        while true {
            let qualified = index.qualifiedName(of: name)
            // Most called names are no class of the project: answered before any set is made.
            guard index.classTypes.contains(qualified) || index.classTypes.contains(name),
                  visited.insert(name).inserted else { return nil }
            let conformances = index.conformances[qualified] ?? index.conformances[name] ?? []
            if conformances.contains("ObservableObject") || conformances.contains("Combine.ObservableObject") {
                return "ObservableObject"
            }
            if conformances.contains("Observable") || conformances.contains("Observation.Observable") {
                return "`@Observable` object"
            }
            // A class's superclass, if any, is among its inherited names.
            guard let superclass = conformances.first(where: { index.classTypes.contains(index.qualifiedName(of: $0)) }) else {
                return nil
            }
            name = superclass
        }
    }
}
