// Rule `formatter-in-body`: a formatter, decoder or regular expression built while a view
// renders is rebuilt on every evaluation; it belongs in a shared static or a FormatStyle.
import Codemod
import SwiftCST

/// Rule `formatter-in-body`; `documentation` below is its one description (RULES.md, `explain`).
public struct FormatterInBody: Rule {
    public init() {}

    /// Every finding is a construction of one of the expensive types, whose names all
    /// contain one of these words.
    public var neededWords: [[StaticString]] {
        [["Formatter", "RegularExpression", "JSONDecoder", "JSONEncoder", "PropertyList",
          "NSPredicate", "Calendar"]]
    }

    public let id = "formatter-in-body"
    public let summary = "Hoist formatters built while a view renders into shared statics or FormatStyle"
    public let platformNeeds = [PlatformNeed(fix: "FormatStyle: `value.formatted(…)` in place of the formatter",
                                             platforms: formatStylePlatforms)]
    public let documentation = """
        A DateFormatter, NumberFormatter, JSONDecoder, NSRegularExpression or similar object \
        built in a view's body, in a computed property or helper the body calls, in a ForEach \
        row or in a stored property's initializer is rebuilt on every evaluation. Building \
        one is far more expensive than a plain allocation.

        Fix 1 (safe): when the construction and its configuration use only constants, hoist \
        it into a `private static let` of the view, also in an extension of a view another \
        file declares (a file-scope `private let`, `@MainActor` in Swift 6, only for generic \
        views, which cannot hold statics) and rewrite every use to `Self.name`.

        Before:

            var body: some View {
                let formatter = DateFormatter()
                formatter.dateStyle = .medium
                return Text(formatter.string(from: date))
            }

        After:

            private static let mediumDateFormatter: DateFormatter = {
                let formatter = DateFormatter()
                formatter.dateStyle = .medium
                return formatter
            }()

            var body: some View {
                return Text(Self.mediumDateFormatter.string(from: date))
            }

        Fix 2 (suggested, iOS 15 / macOS 12 / tvOS 15 / watchOS 8 and later), only where Fix 1 \
        cannot be made: when the formatter is only used through `string(from:)` and its \
        configuration has a close FormatStyle equivalent (date `.long` or `.full` alone, time \
        `.short` alone, a few date templates, `ISO8601DateFormatter()`), the uses become \
        `value.formatted(…)` and the formatter is dropped. The strings are the same in most \
        locales but not all (`.full` dates in Finnish or Thai, short times in Catalan Spanish \
        or Finland Swedish differ), hence not `safe`. `.short` dates, `.medium` dates and time \
        styles with dates differ more and are never rewritten so.

        A private `let` assigned in the view's only `init` (`formatter = DateFormatter()` and \
        constant configuration after it) becomes a `private static let` built the same way; \
        the lines leave `init`.

        Withheld (reported only): configuration that reads instance state, the environment \
        (use `Text(value, format: …)`, which follows the environment's locale), parameters, \
        loop variables or conditions; formatters passed out, stored, returned or mutated \
        after use; properties visible outside the file; uses from nonisolated code or from \
        closures that run off the main actor (Task.detached, queue.async, @Sendable).

        Not reported: constructions in action closures (`Button` actions, `.onAppear`, \
        `.task`, `.onChange`, gestures, `.onSubmit`, alert and sheet actions) and in private \
        helpers that only such actions call, or that are handed to one uncalled \
        (`.onAppear(perform: load)`): they run on events, not while the view renders.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        var planner = HoistPlanner(tree: tree, context: context)
        for view in planner.types.views { planner.scan(view.declaration) }
        return planner.findings
    }
}

// MARK: - The expensive types

/// The types whose construction the rule moves out of the render path.
let expensiveTypes: Set<String> = [
    "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter",
    "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter",
    "ListFormatter", "PersonNameComponentsFormatter", "LengthFormatter", "MassFormatter", "EnergyFormatter",
    "NSRegularExpression", "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder",
    "NSPredicate", "NSCalendar", "Calendar",
]

/// Types built by value whose initializers the rule accepts as constants in a configuration.
let constantInitializers: Set<String> = ["Locale", "TimeZone", "Calendar", "NSLocale", "NSTimeZone"]

/// The platforms from which FormatStyle exists.
let formatStylePlatforms: [Platform: Version] = [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15), .watchOS: Version(8)]

// MARK: - A construction and its configuration

/// What the rule found: where the object is built, how it is configured, and how it is used.
struct Construction {
    enum Shape {
        /// `let f = T()` (or `= { … }()`) in a body, followed by configuration statements.
        case local(declaration: Node)
        /// A private stored `let` or computed property of the type, turned static in place.
        case property(declaration: Node, binding: PatternBinding)
        /// `T()` used directly: `T().string(from:)`, `formatter: T()`.
        case inline
    }

    var shape: Shape
    /// The `T(…)` call.
    var call: Node
    var typeName: String
    /// The name the object has inside its recipe (`let formatter = …`), if any.
    var localName: String?
    /// Configuration statements (or `#if` blocks of them), in order.
    var configuration: [Node] = []
    /// The member of the type holding the construction.
    var member: Node
    /// For a `.property` assigned in `init` (`formatter = T()`), that assignment statement;
    /// it and `configuration` leave the initializer when the property turns static.
    var initAssignment: Node?
}

// MARK: - The scan

/// The state of one file's scan: the findings, and the names and statics planned so far so
/// that two findings of one run never declare the same name twice.
struct HoistPlanner {
    let tree: SyntaxTree
    let context: RuleContext
    let layout: SourceLayout
    var findings: [Finding] = []
    /// Names planned in this run, per insertion scope (a type's node index, or -1 for file scope).
    var plannedNames: [Int: Set<String>] = [:]
    /// Recipe key → planned name and the edit declaring it, per scope, for recipes planned
    /// in this run: another construction of the same recipe shares that edit.
    var plannedRecipes: [Int: [String: (name: String, insertion: Edit)]] = [:]
    /// The file's types, and which are views.
    let types: FileTypes
    /// Top-level `let` names: constants configuration may read.
    let fileConstants: Set<String>
    /// When the construction being looked at runs, for messages: as the view renders, or
    /// each time a helper that `body` does not reach here runs (other files may call it).
    var builtWhen = "every time the view renders"

    init(tree: SyntaxTree, context: RuleContext) {
        self.tree = tree
        self.context = context
        layout = SourceLayout(tree.bytes)
        types = context.fileTypes(tree, index: context.index)
        fileConstants = ConstantValues.fileConstants(of: tree)
    }

    // MARK: Finding constructions

    mutating func scan(_ type: TypeDecl) {
        for member in type.members {
            if TypeDecl(member) != nil { continue }
            if let variable = VariableDecl(member), variable.isStatic { continue }
            if let function = FunctionLikeDecl(member), function.modifiers.has("static") || function.modifiers.has("class") { continue }
            // A helper run only by actions (`Button(action: export)`) is not on the render
            // path; asked once per member, and only of members that build something.
            var isActionOnly: Bool? = nil
            for node in member.descendants(.functionCallExpr) {
                guard let call = FunctionCallExpr(node), let callee = call.callee, callee.kind == .identifierExpr,
                      let name = call.calleeName, expensiveTypes.contains(name),
                      call.trailingClosure == nil, FileTypes.innermostType(of: node) == type.node,
                      !RenderPath.isInAction(node, within: member) else { continue }
                if name == "Calendar" && call.argument("identifier") == nil { continue }
                if name == "NSRegularExpression" || name == "NSPredicate" || name == "NSCalendar" || name == "Calendar" {
                    if call.arguments.isEmpty { continue }
                } else if !call.arguments.isEmpty && name != "NumberFormatter" && name != "DateFormatter" {
                    // Formatters built with arguments are unusual; leave them alone.
                    continue
                }
                if isActionOnly == nil { isActionOnly = isReachedOnlyFromActions(member, of: type) }
                if isActionOnly == true { break }
                builtWhen = HoistPlanner.builtWhen(member, in: type, context: context)
                handle(call: call, typeName: name, member: member, type: type)
            }
        }
    }

    /// `RenderPath.isReachedOnlyFromActions`, with the uses of a `private` member looked for
    /// only where it is visible (its type's declarations in this file), not in the whole
    /// file: every view's helper searched the file, and a file of many views with helpers
    /// of the same name cost the square of its size.
    func isReachedOnlyFromActions(_ member: Node, of type: TypeDecl) -> Bool {
        let name: String?
        let modifiers: DeclModifiers
        if let variable = VariableDecl(member), variable.bindings.count == 1, variable.bindings[0].isComputed {
            (name, modifiers) = (variable.bindings[0].name, variable.modifiers)
        } else if member.kind == .functionDecl, let function = FunctionLikeDecl(member) {
            (name, modifiers) = (function.name, function.modifiers)
        } else {
            return false
        }
        guard let name, name != "body" else { return false }
        if modifiers.has("fileprivate") { return RenderPath.isReachedOnlyFromActions(member, uses: context.nameUses(in: tree)) }
        guard modifiers.has("private"), let typeName = type.name.map(FileTypes.lastComponent) else { return false }
        let spelling = Array(name.utf8)
        var named = false
        for declaration in types.bySimpleName[typeName] ?? [type] {
            let scope = declaration.node
            for position in scope.firstTokenIndex..<scope.endTokenIndex {
                let token = tree.token(at: position)
                guard token.kind == .identifier, tree.bytes[token.textRange].elementsEqual(spelling) else { continue }
                // The one node that can name the member through this token: the bare name,
                // or `self.name`; found from the type, not the root of a file of many types.
                var use = token.parent(within: scope)
                guard !member.contains(use) else { continue }
                if use.kind == .identifierExpr, let parent = use.parent, parent.kind == .memberAccessExpr, parent.firstChildNode != use {
                    use = parent
                }
                guard [.identifierExpr, .memberAccessExpr].contains(use.kind), RenderPath.usedNameToken(use)?.index == position else { continue }
                named = true
                if RenderPath.isPassedAsAction(use) { continue }
                var holder = use.parent
                while let n = holder, ![.variableDecl, .functionDecl, .initializerDecl, .subscriptDecl].contains(n.kind) { holder = n.parent }
                if let holder, RenderPath.isInAction(use, within: holder) || RenderPath.isInCallback(use, within: holder) { continue }
                return false
            }
        }
        return named
    }

    func constants(_ type: TypeDecl) -> ConstantValues {
        ConstantValues(fileConstants: fileConstants, type: type, valueInitializers: constantInitializers)
    }

    mutating func report(_ call: Node, _ typeName: String, _ reason: String) {
        findings.append(Finding(range: call.trimmedRange,
                                message: "`\(typeName)` is built \(builtWhen); build it once, in a static or the model",
                                withheldReason: reason))
    }

    /// "every time the view renders" for `body` and the members it reaches in this file;
    /// for another helper, when it runs: it may run while a view renders (another file may
    /// call it), or only on an event.
    static func builtWhen(_ member: Node, in type: TypeDecl, context: RuleContext) -> String {
        let rendering = "every time the view renders"
        guard !context.renderPath(of: ViewType(declaration: type)).members.contains(member) else { return rendering }
        if member.kind == .functionDecl, let name = FunctionLikeDecl(member)?.name { return "every time `\(name)()` runs" }
        // A stored property is built with each instance of the view, as its parent renders.
        if let variable = VariableDecl(member), variable.bindings.count == 1, variable.bindings[0].isComputed,
           let name = variable.bindings[0].name, name != "body" {
            return "every time `\(name)` is read"
        }
        return rendering
    }

    mutating func handle(call: FunctionCallExpr, typeName: String, member: Node, type: TypeDecl) {
        let node = call.node
        if Isolation.isNonisolated(node, within: member) {
            return report(node, typeName, "it is used from nonisolated code, which cannot read a MainActor-isolated static; move it by hand")
        }
        if let wrapped = node.parent, wrapped.kind == .tryExpr || wrapped.kind == .forceUnwrapExpr || wrapped.kind == .optionalChainingExpr {
            return report(node, typeName, "its construction can fail or throw; hoist it by hand and decide how failure is handled")
        }
        for argument in call.arguments {
            if let expression = argument.expression, let reason = constants(type).reason(expression, in: member) {
                return report(node, typeName, "its construction " + reason)
            }
        }
        guard let construction = classify(call: call, typeName: typeName, member: member, type: type) else { return }
        if let place = concurrentUse(of: construction) {
            return report(node, typeName, "it is used \(place), off the main actor, where a static of the view cannot be read; move it by hand")
        }
        for statement in construction.configuration {
            for piece in configurationPieces(statement) {
                guard let value = piece.value else { continue }
                if let reason = constants(type).reason(value, in: member) {
                    return report(node, typeName, "its configuration " + reason)
                }
            }
        }
        plan(construction, type: type)
    }

    /// Where a use of the object (after the fix: of the MainActor-isolated static) sits in a
    /// closure that runs off the main actor. Nil when every use stays on the actor.
    func concurrentUse(of construction: Construction) -> String? {
        var uses: [Node] = []
        var scope = construction.member
        switch construction.shape {
        case .inline:
            uses = [construction.call]
        case .local(let declaration):
            guard let name = VariableDecl(declaration)?.bindings.first?.name, let container = declaration.parent else { return nil }
            uses = container.descendants(.identifierExpr).filter { $0.textEquals(name) && !declaration.contains($0) }
        case .property(_, let binding):
            guard let name = binding.name else { return nil }
            uses = propertyReferences(name, construction: construction)
            scope = tree.root
        }
        return uses.lazy.compactMap { Isolation.offMainActorPlace(of: $0, within: scope) }.first
    }
}
