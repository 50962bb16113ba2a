// Rule `view-init-work`: a view's `init` runs every time its parent's body is evaluated, so
// work done there (sorting, decoding, building models) repeats with every parent update.
import Codemod
import SwiftCST

/// Rule `view-init-work`; `documentation` below is its one description (RULES.md, `explain`).
public struct ViewInitWork: Rule {
    public init() {}

    /// Every finding is in an initializer of a View.
    public var neededWords: [[StaticString]] { [["init"], ["View"]] }

    /// Whether a constructed type is a class, and whether a wrapper takes its value as an
    /// `@autoclosure`, are read from the module's declarations.
    public var usesProjectIndex: Bool { true }

    public let id = "view-init-work"
    public let summary = "Report work done in a View's init"
    public let documentation = """
        A SwiftUI view is a value its parent builds again every time the parent's `body` \
        is evaluated: the child's `init` runs on each of those updates, before SwiftUI even \
        decides whether the child changed. Work in it (sorting or filtering a collection, \
        decoding, formatting, reading files, building a model object) repeats with every \
        parent update, on the main thread, and an object it builds is thrown away each time \
        (`State(initialValue: Model())` keeps only the first).

        Reported (warning), with no fix: move the work to `.task` (or `.task(id:)`) in the \
        view, to the model that owns the data, or into `StateObject(wrappedValue:)`, whose \
        argument is evaluated only once. Not reported: storing arguments (`self.x = x`, \
        `_x = State(initialValue: x)`), property wrapper initializers (`State`, `StateObject`, \
        `ObservedObject`, `Binding`, `FocusState`, `AppStorage`, …), the argument of \
        `_model = .init(wrappedValue: Model())` on a `@StateObject` or on a wrapper of the \
        project whose `init(wrappedValue:)` takes an `@autoclosure` (evaluated once), cache \
        lookups (`shared(for:)`, `cached…`, a call on a `…cache` or a `…Cache.shared`), \
        literals, arithmetic, conversions of plain values (`Double(x)`, `String(x)`), \
        `min`/`max`/`abs`, a function or a value type's static function given only plain \
        values of a fixed size, with no `try` (`clamp(x, min: 0, max: 1)`, \
        `Duration.seconds(n)`, `Calendar.current.dateComponents([.hour], from: date)`), calling \
        a closure parameter (`self.content = content()`), `self.init`/`super.init`, \
        assertions, closures the init only stores, work of a fixed size whatever the data \
        (`[a, b].compactMap { $0 }`, `map` on an optional parameter or a dictionary \
        parameter's subscript), and appearance settings (`UITableView.appearance()…`), \
        which must come before the views they style are made.

        A model the init makes for an `@ObservedObject` (`self.model = Model()`) is reported \
        as what it is: a new object on every update of the parent, its state lost; \
        `@StateObject` keeps the first.

        Before:

            struct Timeline: View {
                let posts: [Post]

                init(posts: [Post]) {
                    self.posts = posts.sorted { $0.date > $1.date }
                }
                var body: some View { List(posts) { PostRow(post: $0) } }
            }

        After:

            struct Timeline: View {
                let posts: [Post]  // sorted by the model that loads them

                var body: some View { List(posts) { PostRow(post: $0) } }
            }
        """

    private static let wrapperTypes: Set<String> = ["State", "StateObject", "ObservedObject", "Binding", "FocusState", "AppStorage",
                                                    "SceneStorage", "Environment", "EnvironmentObject", "Bindable", "FocusedValue",
                                                    "GestureState", "Namespace", "ScaledMetric", "Query", "FetchRequest"]
    /// Wrappers whose argument is an autoclosure evaluated only when the storage is created.
    private static let onceWrappers: Set<String> = ["StateObject"]
    private static let valueConversions: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                                                        "UInt64", "Double", "Float", "CGFloat", "Bool", "String", "Character",
                                                        "CGSize", "CGPoint", "CGRect", "EdgeInsets", "Angle", "TimeInterval"]
    /// Types whose creation is known to cost: formatters, coders, images and file reads.
    private static let costlyTypes: Set<String> = ["DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
                                                   "RelativeDateTimeFormatter", "ByteCountFormatter", "MeasurementFormatter",
                                                   "ListFormatter", "PersonNameComponentsFormatter", "JSONDecoder", "JSONEncoder",
                                                   "PropertyListDecoder", "PropertyListEncoder", "NSRegularExpression", "Regex",
                                                   "UIImage", "NSImage", "CIImage", "CIContext", "AttributedString", "NSAttributedString",
                                                   "Data", "NSData"]
    /// Costly types whose empty value (`Data()`) costs nothing.
    private static let emptyIsCheap: Set<String> = ["Data", "NSData", "AttributedString", "NSAttributedString", "UIImage",
                                                    "NSImage"]
    /// Values of a fixed size: numbers, dates, durations, geometry, and the calendar that
    /// computes with dates. Not strings or identifiers, which a lookup or a parse may take.
    private static let scalarTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
                                                   "UInt64", "Double", "Float", "CGFloat", "Bool", "TimeInterval", "Date",
                                                   "Duration", "Calendar", "DateComponents", "TimeZone", "CGSize", "CGPoint",
                                                   "CGRect", "CGVector", "EdgeInsets", "Angle", "UnitPoint", "Decimal"]
    /// Types whose static functions reach outside the program: timers, notifications, files,
    /// defaults, the network, other threads.
    private static let effectfulTypes: Set<String> = ["Timer", "NotificationCenter", "FileManager", "Bundle", "UserDefaults",
                                                      "URLSession", "DispatchQueue", "Task", "ProcessInfo", "UIApplication",
                                                      "NSApplication", "UIScreen", "NSWorkspace"]
    /// Functions that write out (the console, the log): work whatever their arguments.
    private static let outputFunctions: Set<String> = ["print", "debugPrint", "dump", "NSLog", "os_log"]
    /// How a type names its single instance (`Cache.shared`).
    private static let singletonNames: Set<String> = ["shared", "default", "standard", "instance", "current"]
    private static let cheapFunctions: Set<String> = ["min", "max", "abs", "round", "floor", "ceil", "sqrt", "assert", "precondition",
                                                      "assertionFailure", "preconditionFailure", "fatalError", "type", "withAnimation"]

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        var findings: [Finding] = []
        for view in context.fileTypes(tree, index: index).views {
            let initializers = view.initializers
            guard !initializers.isEmpty else { continue }
            // `_model = .init(wrappedValue: Model())` on a `@StateObject`: an autoclosure too.
            // A wrapper of the project whose `init(wrappedValue:)` takes an `@autoclosure`
            // (a lazily made state) is the same.
            let onceStorage = Set(view.storedProperties.compactMap { property -> String? in
                guard let wrapper = property.modifiers.lastAttribute?.name,
                      ViewInitWork.isOnceWrapper(FileTypes.lastComponent(wrapper), index: index),
                      let name = property.bindings.first?.name else { return nil }
                return "_" + name
            })
            for initializer in initializers {
                guard let body = initializer.body else { continue }
                var scope = InitScope()
                for parameter in initializer.parameters {
                    if let name = parameter.name { scope.parameters[name] = parameter.type?.text ?? "" }
                }
                // `let calendar = Calendar.current`, `let hour = components.hour ?? 0`: plain values, in order.
                for declaration in body.node.descendants(.variableDecl) {
                    guard let variable = VariableDecl(declaration), variable.isLet else { continue }
                    for binding in variable.bindings {
                        guard let name = binding.name else { continue }
                        let isPlain = binding.type.map { ViewInitWork.isScalarType(TypeResolver.typeText(of: $0)) }
                            ?? binding.initializer.map { isScalar($0, scope: scope, index: index) } ?? false
                        if isPlain { scope.scalarLocals.insert(name) }
                    }
                }
                let work = body.node.descendants(.functionCallExpr).filter {
                    isWork($0, in: body.node, scope: scope, onceStorage: onceStorage, index: index)
                }
                // The outermost calls: `items.filter { … }.sorted()` is one piece of work.
                let outermost = work.filter { call in !work.contains { $0 != call && $0.contains(call) } }
                guard let first = outermost.first, let shown = singleLineText(first) else { continue }
                let more = outermost.count > 1 ? " (and \(outermost.count - 1) more)" : ""
                let name = view.name.isEmpty ? "the view" : "`\(view.name)`"
                if let observed = observedObjectAssigned(first, in: view) {
                    // A new object each time the parent updates: state is lost, not only time.
                    findings.append(Finding(range: first.trimmedRange, message: MessageText.fitting(
                        "`\(MessageText.quoted(shown))` makes a new object for `@ObservedObject \(observed)` on every update of the parent of \(name), losing its state; use `@StateObject`",
                        "`\(MessageText.quoted(shown, max: 24))` makes a new `@ObservedObject \(observed)` on every parent update; use `@StateObject`")))
                    continue
                }
                findings.append(Finding(range: first.trimmedRange, message: MessageText.fitting(
                    "`\(MessageText.quoted(shown))`\(more) runs in the init of \(name), again on every update of its parent; move it to `.task` or the model",
                    "`\(MessageText.quoted(shown, max: 24))`\(more) runs in the init of \(name) on every parent update; move it to `.task` or the model",
                    "`\(MessageText.quoted(shown, max: 24))`\(more) runs in a view's init on every parent update; move it to `.task` or the model")))
            }
        }
        return findings
    }

    /// Whether a call of `name` on `receiver` does a fixed, small amount of work, whatever
    /// the data: on an array literal of a few elements (`[a, b].compactMap { $0 }`) or an
    /// enum's `allCases`, or
    /// `map`/`flatMap` on an optional (a dictionary parameter's subscript, an optional
    /// parameter), which transform one value at most.
    private static func isConstantSize(_ receiver: Node, parameters: [String: String], name: String,
                                       index: ProjectIndex) -> Bool {
        if startsAtFixedSizeCollection(receiver) { return true }
        guard name == "map" || name == "flatMap" else { return false }
        if receiver.kind == .subscriptCallExpr, let base = receiver.firstChildNode, base.kind == .identifierExpr,
           let type = parameters[base.text] {
            return isDictionaryType(type)
        }
        // `count.map { … }` of a parameter `count: Int?`, `page.zipURL.flatMap { … }` of a
        // property declared optional. Not inside an optional chain, where the call applies to
        // the member itself, whatever it is.
        guard !TypeResolver.isInOptionalChain(receiver), receiver.kind != .optionalChainingExpr,
              let type = TypeResolver(index: index).type(of: receiver)?.text else { return false }
        return type.hasSuffix("?") || type.hasPrefix("Optional<")
    }

    /// Whether the wrapper `name` evaluates its wrapped value once: `StateObject`, or a
    /// wrapper of the module whose `init(wrappedValue:)` takes it as an `@autoclosure`, as
    /// its declaration in the index says. A wrapper the index does not declare is not.
    static func isOnceWrapper(_ name: String, index: ProjectIndex) -> Bool {
        if onceWrappers.contains(name) { return true }
        guard let entries = index.propertyTypes[CallableSignature.initializersKey(of: name)] else { return false }
        return entries.contains { entry, parameters in
            guard FileTypes.lastComponent(CallableSignature.ownerAndName(ofEntry: entry).owner) == name else { return false }
            return CallableSignature.parameterTypes(parameters).contains { parameter in
                parameter.label == "wrappedValue" && parameter.type?.contains("@autoclosure") == true
            }
        }
    }

    /// Whether every argument of `call` is a plain value of a fixed size (a number, a date,
    /// an enum case, a few of them in an array literal), with at least one, no closure and
    /// no `try`: what is computed from such values takes the same time whatever the data.
    private func hasScalarArguments(_ call: FunctionCallExpr, scope: InitScope, index: ProjectIndex) -> Bool {
        let arguments = call.arguments
        guard !arguments.isEmpty, call.trailingClosure == nil else { return false }
        // A call that may throw (`try? store.load(id: 3)`) reads or parses something.
        var ancestor = call.node.parent
        while let current = ancestor, current.kind != .codeBlock {
            if current.kind == .tryExpr { return false }
            ancestor = current.parent
        }
        return arguments.allSatisfy { argument in
            argument.expression.map { isScalar($0, scope: scope, index: index) } ?? false
        }
    }

    /// Whether `expression` is a plain value of a fixed size: a literal (a string without
    /// interpolation), an enum case, arithmetic with a number, a value of a scalar type
    /// (`ViewInitWork.scalarTypes`) as declared, or a few of these in an array literal.
    private func isScalar(_ expression: Node, scope: InitScope, index: ProjectIndex, depth: Int = 0) -> Bool {
        guard depth < 8 else { return false }
        let isScalar = { (node: Node) in self.isScalar(node, scope: scope, index: index, depth: depth + 1) }
        switch expression.kind {
        case .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr:
            return true
        case .stringLiteralExpr:
            return !expression.containsDescendant(.interpolation) { _ in true }
        case .arrayExpr:
            let elements = expression.children(.argument).compactMap { Argument($0)?.expression }
            return elements.count <= 8 && elements.allSatisfy(isScalar)
        case .prefixOperatorExpr, .tupleExpr, .forceUnwrapExpr:
            let inner = expression.childNodes.map { $0.kind == .argument ? Argument($0)?.expression : $0 }
            return !inner.isEmpty && inner.allSatisfy { $0.map(isScalar) ?? false }
        case .sequenceExpr:
            // `ticks ?? 0`, `count * 2`: an operator applied to a number gives a number.
            let operands = expression.childNodes.filter { $0.kind != .binaryOperatorExpr }
            let numbers: Set<SyntaxKind> = [.integerLiteralExpr, .floatLiteralExpr]
            if operands.contains(where: { numbers.contains($0.kind) }) { return true }
            return operands.count > 1 && operands.allSatisfy(isScalar)
        case .memberAccessExpr:
            guard let access = MemberAccessExpr(expression) else { return false }
            guard let base = access.base else { return true }  // `.hour`
            // `Calendar.current`, `Date.now`: a scalar type's static value.
            if base.kind == .identifierExpr, ViewInitWork.scalarTypes.contains(base.text) { return true }
            // `Model.shared.selectedDate`: a property of a type's single instance, as declared.
            if let type = ViewInitWork.singletonType(of: base), let name = access.name,
               let declared = index.propertyType(of: type.text, named: name) {
                return ViewInitWork.isScalarType(declared)
            }
        case .identifierExpr:
            if scope.scalarLocals.contains(expression.text) { return true }
            if let type = scope.parameters[expression.text] { return ViewInitWork.isScalarType(type) }
        case .functionCallExpr:
            // `Double(count)`, `Date(timeIntervalSince1970: t)`: a scalar made of scalars.
            guard let call = FunctionCallExpr(expression), let callee = call.callee, callee.kind == .identifierExpr,
                  ViewInitWork.scalarTypes.contains(callee.text) else { return false }
            return call.arguments.isEmpty && call.trailingClosure == nil
                || hasScalarArguments(call, scope: scope, index: index)
        default:
            return false
        }
        guard let type = TypeResolver(index: index).type(of: expression)?.text else { return false }
        return ViewInitWork.isScalarType(type)
    }

    /// A type of fixed size whose operations take the same time whatever the values.
    private static func isScalarType(_ text: String) -> Bool {
        var type = Substring(text)
        while type.hasSuffix("?") || type.hasSuffix("!") { type = type.dropLast() }
        return scalarTypes.contains(String(type))
    }

    /// What an initializer's names are: its parameters' declared types, and which of its
    /// `let` constants hold plain values.
    private struct InitScope {
        /// Each parameter's declared type, as written.
        var parameters: [String: String] = [:]
        var scalarLocals: Set<String> = []
    }

    /// `Cache` when `node` is `Cache.shared` (or another name of a type's single instance).
    private static func singletonType(of node: Node) -> Node? {
        guard let access = MemberAccessExpr(node), let name = access.name, singletonNames.contains(name),
              let type = access.base, type.kind == .identifierExpr, type.text.first?.isUppercase == true else { return nil }
        return type
    }

    /// `[Key: Value]` (a `:` outside any inner brackets).
    private static func isDictionaryType(_ type: String) -> Bool {
        guard type.hasPrefix("["), type.hasSuffix("]") else { return false }
        var depth = 0
        for character in type {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            case ":" where depth == 1: return true
            default: break
            }
        }
        return false
    }

    /// The name of the `@ObservedObject` property of `view` that `value` is assigned to
    /// (`self.model = Model()`, `model = Model()`, `_model = ObservedObject(wrappedValue: Model())`).
    private func observedObjectAssigned(_ value: Node, in view: ViewType) -> String? {
        // A type's initializer (`Model(…)`), not a call that may return an existing object.
        guard let callee = FunctionCallExpr(value)?.callee, callee.kind == .identifierExpr,
              callee.text.first?.isUppercase == true else { return nil }
        var assigned = value
        if let parent = value.parent, parent.kind == .argument, let list = parent.parent, let call = list.parent.flatMap(FunctionCallExpr.init),
           call.calleeName == "ObservedObject" || call.calleeName == "init" {
            assigned = call.node
        }
        guard var name = assignedName(of: assigned) else { return nil }
        if name.hasPrefix("_") { name.removeFirst() }
        let observed = view.storedProperties.contains { property in
            property.bindings.first?.name == name
                && property.modifiers.lastAttribute.map { FileTypes.lastComponent($0.name) == "ObservedObject" } == true
        }
        return observed ? name : nil
    }

    /// `_x` when `value` is assigned to `_x` or `self._x`.
    private func assignedName(of value: Node) -> String? {
        guard let sequence = value.parent, sequence.kind == .sequenceExpr, sequence.childNodes.last == value,
              let target = sequence.firstChildNode else { return nil }
        if target.kind == .identifierExpr { return target.text }
        if let access = MemberAccessExpr(target), access.base?.textEquals("self") == true { return access.name }
        return nil
    }

    /// Whether the call `node` is work the init does each time it runs.
    private func isWork(_ node: Node, in body: Node, scope: InitScope, onceStorage: Set<String>,
                        index: ProjectIndex) -> Bool {
        guard let call = FunctionCallExpr(node), var callee = call.callee else { return false }
        // Closures are only stored; the argument of `StateObject(wrappedValue:)` is evaluated once,
        // as is that of `.init(wrappedValue:)` assigned to a `@StateObject`'s storage.
        var ancestor = node.parent
        while let current = ancestor, current != body {
            if current.kind == .closureExpr { return false }
            if let outer = FunctionCallExpr(current), let name = outer.calleeName {
                if ViewInitWork.onceWrappers.contains(name) { return false }
                // `LazyState(wrappedValue: Proxy())`, declared `init(wrappedValue: @autoclosure …)`.
                if name.first?.isUppercase == true, ViewInitWork.isOnceWrapper(name, index: index),
                   outer.arguments.contains(where: { $0.label == "wrappedValue" && $0.node.contains(node) }) {
                    return false
                }
                if name == "init", outer.callee?.kind == .memberAccessExpr, MemberAccessExpr(outer.callee!)?.base == nil,
                   let storage = assignedName(of: current), onceStorage.contains(storage) {
                    return false
                }
            }
            ancestor = current.parent
        }
        if callee.kind == .genericSpecializationExpr, let base = callee.firstChildNode { callee = base }
        // A lookup in a cache (`Avatar.shared(for: url)`, `cachedImage(for:)`) returns what
        // was made before: the cost the rule reports is the making.
        if let name = call.calleeName, name == "shared" || name.hasPrefix("cached") { return false }
        // `Self.cache.get(forURL:)`, `imageCache.object(forKey:)`: asked of a cache.
        // `ProfileViewModelCache.shared.viewModel(for:)`: asked of a cache's single instance.
        if let access = MemberAccessExpr(callee), var base = access.base {
            if let type = ViewInitWork.singletonType(of: base) { base = type }
            if let receiver = MemberAccessExpr(base)?.name ?? (base.kind == .identifierExpr ? base.firstToken?.text : nil),
               receiver.lowercased().hasSuffix("cache") {
                return false
            }
        }
        if callee.kind == .identifierExpr, let name = callee.firstToken?.text {
            if scope.parameters[name] != nil || ViewInitWork.cheapFunctions.contains(name) { return false }
            // `clamp(x, min: 0, max: 1)`: a function of plain values computes a plain value;
            // `print("…")` writes to the console, whatever its arguments.
            guard name.first?.isUppercase == true else {
                return ViewInitWork.outputFunctions.contains(name) || !hasScalarArguments(call, scope: scope, index: index)
            }
            // `Data()`, `AttributedString()`: an empty value, not a read or a decoding.
            if ViewInitWork.emptyIsCheap.contains(name), call.arguments.isEmpty, call.trailingClosure == nil { return false }
            if ViewInitWork.costlyTypes.contains(name) { return true }
            return index.classTypes.contains(index.qualifiedName(of: name))
        }
        guard let access = MemberAccessExpr(callee), let name = access.name else { return false }
        guard let base = access.base else { return false }  // `.constant(x)`, `.init(…)`, `.someCase(…)`
        // `UITableView.appearance().backgroundColor = …`: sets how later instances look, a
        // cheap setting that must come before they are made, not work `.task` could do.
        if name == "appearance" { return false }
        if ViewInitWork.isConstantSize(base, parameters: scope.parameters, name: name, index: index) { return false }
        let baseText = base.text
        if baseText == "self" || baseText == "super" { return name != "init" }
        if name == "init" { return false }
        if let first = baseText.first, first.isUppercase, !baseText.contains("("), !baseText.contains(".") {
            // `Type.member(…)`: a wrapper's or a value's static factory is storage, not work;
            // so is a static function of plain values (`Duration.ticks(n)`), unless its type
            // reaches outside the program (a timer, a file, the notification center) or is a class.
            if ViewInitWork.wrapperTypes.contains(baseText) || ViewInitWork.valueConversions.contains(baseText) { return false }
            return ViewInitWork.effectfulTypes.contains(baseText) || ViewInitWork.costlyTypes.contains(baseText)
                || index.classTypes.contains(index.qualifiedName(of: baseText))
                || !hasScalarArguments(call, scope: scope, index: index)
        }
        // `Calendar.current.dateComponents([.hour], from: date)`: a plain value's method of
        // plain values.
        if isScalar(base, scope: scope, index: index), hasScalarArguments(call, scope: scope, index: index) {
            return false
        }
        return true
    }
}
