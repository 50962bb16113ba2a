// Rule `formatter-in-body`: a formatter, decoder or regular expression built while a view
// renders is rebuilt on every evaluation; it belongs in a shared static or a FormatStyle.
import Codemod
import SwiftCST

/// Rule `formatter-in-body`; `documentation` below is its one description (RULES.md, `explain`).
public struct FormatterInBody: Rule {
    public init() {}

    /// Every finding is a construction of one of the expensive types, whose names all
    /// contain one of these words.
    public func mayFind(in bytes: [UInt8]) -> Bool {
        containsAny(bytes, of: ["Formatter", "RegularExpression", "JSONDecoder", "JSONEncoder", "PropertyList",
                                "NSPredicate", "Calendar"])
    }

    public let id = "formatter-in-body"
    public let summary = "Hoist formatters built while a view renders into shared statics or FormatStyle"
    public let documentation = """
        A DateFormatter, NumberFormatter, JSONDecoder, NSRegularExpression or similar object \
        built in a view's body, in a computed property or helper the body calls, in a ForEach \
        row or in a stored property's initializer is rebuilt on every evaluation. Building \
        one is far more expensive than a plain allocation.

        Fix 1 (safe): when the construction and its configuration use only constants, hoist \
        it into a `private static let` of the view (a file-scope `private let`, `@MainActor` \
        in Swift 6, for generic views) and rewrite every use to `Self.name`.

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

        Fix 2 (safe, iOS 15 / macOS 12 / tvOS 15 / watchOS 8 and later): when the formatter \
        is only used through `string(from:)` and its configuration is one whose FormatStyle \
        equivalent is proven to print identical strings (date `.long` or `.full` alone, time \
        `.short` alone, a few date templates, `ISO8601DateFormatter()`), the uses become \
        `value.formatted(…)` and the formatter is dropped. `.short` dates, `.medium` dates and \
        time styles with dates are not identical and keep Fix 1.

        Withheld (reported only): configuration that reads instance state, the environment \
        (use `Text(value, format: …)`, which follows the environment's locale), parameters, \
        loop variables or conditions; formatters passed out, stored, returned or mutated \
        after use; properties visible outside the file; uses from nonisolated code or from \
        closures that run off the main actor (Task.detached, queue.async, @Sendable).
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        var planner = HoistPlanner(tree: tree, context: context, ruleID: id)
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
}

// MARK: - The scan

/// The state of one file's scan: the findings, and the names and statics planned so far so
/// that two findings of one run never declare the same name twice.
struct HoistPlanner {
    let tree: SyntaxTree
    let context: RuleContext
    let ruleID: String
    let layout: SourceLayout
    var findings: [Finding] = []
    /// Names planned in this run, per insertion scope (a type's node index, or -1 for file scope).
    var plannedNames: [Int: Set<String>] = [:]
    /// Recipe key → planned name, per scope, for recipes planned in this run.
    var plannedRecipes: [Int: [String: String]] = [:]
    /// The file's types, and which are views.
    let types: FileTypes
    /// Top-level `let` names: constants configuration may read.
    let fileConstants: Set<String>

    init(tree: SyntaxTree, context: RuleContext, ruleID: String) {
        self.tree = tree
        self.context = context
        self.ruleID = ruleID
        layout = SourceLayout(tree.bytes)
        types = FileTypes(tree, index: context.index)
        var constants = Set<String>()
        for node in tree.root.childNodes {
            if let variable = VariableDecl(node), variable.isLet {
                for binding in variable.bindings { if let name = binding.name { constants.insert(name) } }
            }
        }
        fileConstants = constants
    }

    // MARK: Finding constructions

    mutating func scan(_ type: TypeDecl) {
        for member in type.members {
            if TypeDecl(member) != nil { continue }
            if let variable = VariableDecl(member), variable.isStatic { continue }
            if let function = FunctionLikeDecl(member), function.modifiers.has("static") || function.modifiers.has("class") { continue }
            for node in member.descendants(.functionCallExpr) {
                guard let call = FunctionCallExpr(node), let callee = call.callee, callee.kind == .identifierExpr,
                      let name = call.calleeName, expensiveTypes.contains(name),
                      call.trailingClosure == nil, FileTypes.innermostType(of: node) == type.node else { continue }
                if name == "Calendar" && call.argument("identifier") == nil { continue }
                if name == "NSRegularExpression" || name == "NSPredicate" || name == "NSCalendar" || name == "Calendar" {
                    if call.arguments.isEmpty { continue }
                } else if !call.arguments.isEmpty && name != "NumberFormatter" && name != "DateFormatter" {
                    // Formatters built with arguments are unusual; leave them alone.
                    continue
                }
                handle(call: call, typeName: name, member: member, type: type)
            }
        }
    }

    mutating func report(_ call: Node, _ typeName: String, _ reason: String) {
        findings.append(Finding(ruleID: ruleID, range: call.trimmedRange,
                                message: "`\(typeName)` is built every time the view renders; \(reason)",
                                withheldReason: reason))
    }

    mutating func handle(call: FunctionCallExpr, typeName: String, member: Node, type: TypeDecl) {
        let node = call.node
        if nonisolatedContext(node, member: member) {
            return report(node, typeName, "it is used from nonisolated code, which cannot read a MainActor-isolated static; move it by hand")
        }
        if let wrapped = node.parent, wrapped.kind == .tryExpr || wrapped.kind == .forceUnwrapExpr || wrapped.kind == .optionalChainingExpr {
            return report(node, typeName, "its construction can fail or throw; hoist it by hand and decide how failure is handled")
        }
        for argument in call.arguments {
            if let expression = argument.expression, let reason = nonConstantReason(expression, member: member, type: type) {
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
                if let reason = nonConstantReason(value, member: member, type: type) {
                    return report(node, typeName, "its configuration " + reason)
                }
            }
        }
        plan(construction, type: type)
    }

    /// Calls whose closures run off the main actor, concurrently with the view.
    static let concurrentCalls: Set<String> = ["detached", "async", "asyncAfter", "sync", "concurrentPerform",
                                               "addTask", "addTaskUnlessCancelled"]

    /// Where a use of the object (after the fix: of the MainActor-isolated static) sits in a
    /// closure that runs off the main actor: `Task.detached { }`, `queue.async { }`,
    /// `group.addTask { }` or any `@Sendable` closure. Nil when every use stays on the actor.
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
        for use in uses {
            var current = use.parent
            while let node = current, node != scope {
                if let closure = ClosureExpr(node) {
                    if closure.signature?.descendants(.attribute).contains(where: { $0.text.contains("Sendable") }) == true {
                        return "in a `@Sendable` closure"
                    }
                    var holder = node.parent
                    if let argument = holder, argument.kind == .argument { holder = argument.parent?.parent }
                    if let labeled = holder, labeled.kind == .labeledTrailingClosure { holder = labeled.parent }
                    if let call = holder.flatMap(FunctionCallExpr.init), call.callee != node,
                       let name = call.calleeName, HoistPlanner.concurrentCalls.contains(name) {
                        return "in the closure of `\(name)`"
                    }
                }
                current = node.parent
            }
        }
        return nil
    }

    /// Whether the construction sits in a `nonisolated` declaration.
    func nonisolatedContext(_ node: Node, member: Node) -> Bool {
        var current: Node? = node
        while let n = current {
            if n.children(.modifier).contains(where: { $0.firstToken?.text == "nonisolated" }) { return true }
            if n == member { break }
            current = n.parent
        }
        return false
    }

    // MARK: Shapes

    /// Finds the shape of the construction; reports and returns nil when it cannot be fixed.
    mutating func classify(call: FunctionCallExpr, typeName: String, member: Node, type: TypeDecl) -> Construction? {
        let node = call.node
        guard let parent = node.parent else { return nil }
        // `T().method(…)` or `T().property`.
        if parent.kind == .memberAccessExpr, parent.childNodes.first == node, let access = MemberAccessExpr(parent) {
            if let name = access.name, isMutatingUse(access) {
                report(node, typeName, "it is changed right away by `.\(name)`; hoist it by hand")
                return nil
            }
            return Construction(shape: .inline, call: node, typeName: typeName, member: member)
        }
        // `formatter: T()`.
        if parent.kind == .argument, let argument = Argument(parent) {
            if argument.label == "formatter" { return Construction(shape: .inline, call: node, typeName: typeName, member: member) }
            report(node, typeName, "it is passed to \(calleeDescription(of: parent)), which may keep or change it; hoist it by hand")
            return nil
        }
        // `let f = T()` as the first statement of a recipe: a `{ … }()` initializer or a getter.
        if let recipe = recipeAround(node) {
            if let closureCall = recipe.closureCall {
                if let clause = closureCall.parent, clause.kind == .initializerClause,
                   let binding = clause.parent.flatMap(PatternBinding.init),
                   let declaration = binding.node.parent, let variable = VariableDecl(declaration) {
                    return bindingShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: recipe, member: member, type: type)
                }
                report(node, typeName, "the object it builds is passed on; hoist it by hand")
                return nil
            }
            if let binding = recipe.getterOf, let variable = binding.node.parent.flatMap(VariableDecl.init) {
                return propertyShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: recipe, member: member)
            }
        }
        // `let x = T()` .
        if parent.kind == .initializerClause, let binding = parent.parent.flatMap(PatternBinding.init),
           let declaration = binding.node.parent, let variable = VariableDecl(declaration) {
            return bindingShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: nil, member: member, type: type)
        }
        // `var f: T { T() }` / `{ return T() }`.
        if let getter = singleExpressionGetter(node), let variable = getter.node.parent.flatMap(VariableDecl.init) {
            return propertyShape(call: call, typeName: typeName, variable: variable, binding: getter, recipe: nil, member: member)
        }
        if parent.kind == .returnStmt || isImplicitReturn(node) {
            report(node, typeName, "the new object is returned to the caller, which may keep or change it; hoist it by hand")
            return nil
        }
        report(node, typeName, "the object escapes where the rule cannot follow it; hoist it by hand")
        return nil
    }

    /// `{ let f = T(); configuration; return f }` around `call`, as an immediately called
    /// closure or a computed property's getter.
    struct Recipe {
        var declaration: VariableDecl
        var localName: String
        var configuration: [Node]
        var closureCall: Node?
        var getterOf: PatternBinding?
    }

    func recipeAround(_ call: Node) -> Recipe? {
        guard let clause = call.parent, clause.kind == .initializerClause,
              let binding = clause.parent.flatMap(PatternBinding.init), let name = binding.name,
              let variable = binding.node.parent.flatMap(VariableDecl.init), variable.bindings.count == 1,
              let container = variable.node.parent else { return nil }
        let statements = container.childNodes.filter { $0.kind != .closureSignature }
        guard statements.first == variable.node, statements.count >= 2, let last = statements.last,
              last.kind == .returnStmt, last.childNodes.count == 1, last.childNodes[0].kind == .identifierExpr,
              last.childNodes[0].text == name else { return nil }
        let middle = Array(statements.dropFirst().dropLast())
        guard middle.allSatisfy({ isConfiguration($0, of: name) }) else { return nil }
        var recipe = Recipe(declaration: variable, localName: name, configuration: middle)
        if container.kind == .closureExpr, let closure = ClosureExpr(container), closure.signature == nil,
           let invoke = container.parent, invoke.kind == .functionCallExpr, invoke.childNodes.first == container,
           FunctionCallExpr(invoke)?.arguments.isEmpty == true {
            recipe.closureCall = invoke
            return recipe
        }
        if container.kind == .accessorBlock, container.children(.accessorDecl).isEmpty,
           let binding = container.parent.flatMap(PatternBinding.init) {
            recipe.getterOf = binding
            return recipe
        }
        return nil
    }

    /// The binding whose getter is just `T()` or `return T()`.
    func singleExpressionGetter(_ call: Node) -> PatternBinding? {
        var statement = call
        if let parent = call.parent, parent.kind == .returnStmt { statement = parent }
        guard let block = statement.parent, block.kind == .accessorBlock, block.children(.accessorDecl).isEmpty,
              block.childNodes.count == 1 else { return nil }
        return block.parent.flatMap(PatternBinding.init)
    }

    func isImplicitReturn(_ node: Node) -> Bool {
        guard let parent = node.parent else { return false }
        return (parent.kind == .codeBlock || parent.kind == .accessorBlock || parent.kind == .closureExpr)
            && parent.childNodes.filter { $0.kind != .closureSignature }.count == 1
    }

    mutating func bindingShape(call: FunctionCallExpr, typeName: String, variable: VariableDecl, binding: PatternBinding,
                               recipe: Recipe?, member: Node, type: TypeDecl) -> Construction? {
        let node = call.node
        guard let name = binding.name, variable.bindings.count == 1 else {
            report(node, typeName, "it is bound in a declaration the rule does not rewrite; hoist it by hand")
            return nil
        }
        if variable.node == member {
            // A stored property of the view.
            guard variable.isLet else {
                report(node, typeName, "`\(name)` is a `var`: the parent may replace it or the view change it; make it a `private let` first")
                return nil
            }
            guard isFilePrivate(variable.modifiers) else {
                report(node, typeName, "`\(name)` is visible outside this file, where code may read it per instance or change it; make it `private` and run again")
                return nil
            }
            var construction = Construction(shape: .property(declaration: variable.node, binding: binding), call: node,
                                            typeName: typeName, localName: recipe?.localName, member: member)
            construction.configuration = recipe?.configuration ?? []
            guard checkPropertyUses(name: name, construction: construction, type: type) else { return nil }
            return construction
        }
        // A local in a body.
        guard let container = variable.node.parent,
              [.codeBlock, .closureExpr, .accessorBlock].contains(container.kind),
              variable.node.children(.attribute).isEmpty, variable.node.children(.modifier).isEmpty else {
            report(node, typeName, "it is declared where the rule cannot move it; hoist it by hand")
            return nil
        }
        let statements = container.childNodes.filter { $0.kind != .closureSignature }
        guard let index = statements.firstIndex(of: variable.node) else { return nil }
        var configuration: [Node] = []
        var rest = Array(statements[(index + 1)...])
        while let next = rest.first, isConfiguration(next, of: name) {
            configuration.append(next)
            rest.removeFirst()
        }
        if recipe != nil && !configuration.isEmpty {
            report(node, typeName, "`\(name)` is configured both inside and after its initializer; hoist it by hand")
            return nil
        }
        var construction = Construction(shape: .local(declaration: variable.node), call: node, typeName: typeName,
                                        localName: recipe?.localName ?? name, member: member)
        construction.configuration = recipe?.configuration ?? configuration
        if let reason = useProblem(of: name, in: rest) {
            report(node, typeName, reason)
            return nil
        }
        return construction
    }

    mutating func propertyShape(call: FunctionCallExpr, typeName: String, variable: VariableDecl, binding: PatternBinding,
                                recipe: Recipe?, member: Node) -> Construction? {
        let node = call.node
        guard variable.node == member, let name = binding.name, variable.bindings.count == 1,
              let type = FileTypes.innermostType(of: member).flatMap(TypeDecl.init) else {
            report(node, typeName, "it is built in a getter the rule does not rewrite; hoist it by hand")
            return nil
        }
        guard isFilePrivate(variable.modifiers) else {
            report(node, typeName, "`\(name)` returns a new object on every read and is visible outside this file, where callers may change it; make it `private` and run again")
            return nil
        }
        guard binding.type != nil else { return nil }
        var construction = Construction(shape: .property(declaration: variable.node, binding: binding), call: node,
                                        typeName: typeName, localName: recipe?.localName, member: member)
        construction.configuration = recipe?.configuration ?? []
        guard checkPropertyUses(name: name, construction: construction, type: type) else { return nil }
        return construction
    }

    func isFilePrivate(_ modifiers: DeclModifiers) -> Bool {
        modifiers.has("private") || modifiers.has("fileprivate")
    }

    /// Checks every use of a property about to become static: within the file, each must read
    /// it, and no local may shadow its name.
    mutating func checkPropertyUses(name: String, construction: Construction, type: TypeDecl) -> Bool {
        let node = construction.call
        for use in propertyReferences(name, construction: construction) {
            if let reason = useProblem(ofReference: use, name: name) {
                report(node, construction.typeName, reason)
                return false
            }
            if nonisolatedContext(use, member: tree.root) {
                report(node, construction.typeName, "`\(name)` is read from nonisolated code, which cannot read a MainActor-isolated static; move it by hand")
                return false
            }
        }
        if shadows(name, in: tree.root, except: construction) {
            report(node, construction.typeName, "another declaration in this file is also named `\(name)`; rename one and run again")
            return false
        }
        return true
    }

    /// `name` and `self.name` in the file, outside the property's own declaration.
    func propertyReferences(_ name: String, construction: Construction) -> [Node] {
        guard case .property(let declaration, _) = construction.shape else { return [] }
        var result: [Node] = []
        for node in tree.root.descendants(.identifierExpr) where node.textEquals(name) {
            if declaration.contains(node) { continue }
            if let parent = node.parent, parent.kind == .memberAccessExpr, parent.childNodes.first != node {
                // `x.name`: only `self.name` refers to the property.
                if MemberAccessExpr(parent)?.base?.text == "self" { result.append(parent) }
                continue
            }
            result.append(node)
        }
        // `self.name` where the parser made `name` a plain token of the access.
        for node in tree.root.descendants(.memberAccessExpr) {
            guard let access = MemberAccessExpr(node), access.name == name, access.base?.text == "self",
                  !declaration.contains(node), !result.contains(node) else { continue }
            result.append(node)
        }
        return result
    }

    /// Whether a declaration other than the construction's binds `name`.
    func shadows(_ name: String, in root: Node, except construction: Construction) -> Bool {
        for node in root.preorder {
            switch node.kind {
            case .identifierPattern:
                if node.text == name {
                    if case .property(let declaration, _) = construction.shape, declaration.contains(node) { continue }
                    if let local = construction.localName, local == name, isInsideRecipe(node, construction) { continue }
                    return true
                }
            case .parameter:
                if Parameter(node)?.name == name { return true }
            case .closureParameter:
                if ClosureParameter(node)?.name == name { return true }
            case .functionDecl:
                if FunctionLikeDecl(node)?.name == name { return true }
            default: continue
            }
        }
        return false
    }

    func isInsideRecipe(_ node: Node, _ construction: Construction) -> Bool {
        if case .property(let declaration, _) = construction.shape { return declaration.contains(node) }
        return false
    }

    // MARK: Planning fixes

    mutating func plan(_ construction: Construction, type: TypeDecl) {
        let fileScope = types.isGenericContext(type)
        let scopeKey = fileScope ? -1 : type.node.index
        let message = "`\(construction.typeName)` is built every time the view renders"
        // Fix 2 first: it removes the formatter altogether.
        // A fix that would lose a comment is not offered: Fix 2 gives way to Fix 1, which
        // moves the lines with their comments; the others are reported.
        func keepsComments(_ fix: Fix) -> Bool { CommentKeeping.lossReason(fix, in: tree) == nil }
        func commentReason(_ fix: Fix) -> String { (CommentKeeping.lossReason(fix, in: tree) ?? "") + "; hoist it by hand" }
        if context.deploymentTargets.satisfies(formatStylePlatforms),
           let fix = formatStyleFix(construction), keepsComments(fix) {
            findings.append(Finding(ruleID: ruleID, range: construction.call.trimmedRange,
                                    message: message + "; use FormatStyle, which prints the same strings",
                                    fix: fix))
            return
        }
        let key = recipeKey(construction)
        switch construction.shape {
        case .property(let declaration, let binding):
            guard let name = binding.name else { return }
            if fileScope {
                return report(construction.call, construction.typeName, "`\(name)` belongs to a generic type, which cannot hold a static stored property; move it to file scope by hand")
            }
            guard let edits = inPlaceEdits(construction, declaration: declaration, binding: binding, name: name) else {
                return report(construction.call, construction.typeName, "the declaration of `\(name)` is laid out in a way the rule does not rewrite; make it static by hand")
            }
            let fix = Fix(edits: edits, safety: .safe, summary: "make `\(name)` static")
            guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
            findings.append(Finding(ruleID: ruleID, range: construction.call.trimmedRange,
                                    message: message + "; make `\(name)` a shared static", fix: fix))
        case .local, .inline:
            // An existing static with the same recipe, or one planned in this run.
            if let existing = existingStatic(matching: key, in: type, fileScope: fileScope) {
                guard let edits = useEdits(construction, reference: fileScope ? existing : "Self." + existing) else {
                    return report(construction.call, construction.typeName, "its lines are laid out in a way the rule cannot move; hoist it by hand")
                }
                let fix = Fix(edits: edits, safety: .safe, summary: "use the shared `\(existing)`")
                guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
                findings.append(Finding(ruleID: ruleID, range: construction.call.trimmedRange,
                                        message: message + "; use the shared `\(existing)`", fix: fix))
                return
            }
            if plannedRecipes[scopeKey]?[key] != nil {
                // Another finding of this run declares it; the next round reuses it.
                findings.append(Finding(ruleID: ruleID, range: construction.call.trimmedRange, message: message))
                return
            }
            let name = uniqueName(descriptiveName(construction), type: type, fileScope: fileScope, scopeKey: scopeKey,
                                  ownScope: ownScope(construction))
            guard let insertion = insertionEdit(construction, name: name, type: type, fileScope: fileScope),
                  let edits = useEdits(construction, reference: fileScope ? name : "Self." + name) else {
                return report(construction.call, construction.typeName, "its lines are laid out in a way the rule cannot move; hoist it by hand")
            }
            plannedNames[scopeKey, default: []].insert(name)
            plannedRecipes[scopeKey, default: [:]][key] = name
            let fix = Fix(edits: [insertion] + edits, safety: .safe, summary: "hoist into `\(name)`")
            guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
            findings.append(Finding(ruleID: ruleID, range: construction.call.trimmedRange,
                                    message: message + "; share one as `\(fileScope ? "" : "static ")\(name)`", fix: fix))
        }
    }

    /// The text that identifies a recipe: the construction and configuration tokens, with the
    /// local name replaced, comments and spacing ignored.
    func recipeKey(_ construction: Construction) -> String {
        var parts = [tokenText(construction.call, local: nil)]
        for statement in construction.configuration { parts.append(tokenText(statement, local: construction.localName)) }
        return parts.joined(separator: ";")
    }

    func tokenText(_ node: Node, local: String?) -> String {
        var out = ""
        guard !node.isEmpty else { return out }
        for index in node.firstTokenIndex..<node.endTokenIndex {
            let token = tree.token(at: index)
            out += (local != nil && token.kind == .identifier && token.text == local) ? "$" : token.text
            out += " "
        }
        return out
    }

    /// The name of a static (or file-scope constant) already holding the same recipe.
    func existingStatic(matching key: String, in type: TypeDecl, fileScope: Bool) -> String? {
        let candidates: [Node] = fileScope ? tree.root.childNodes : type.members
        for candidate in candidates {
            guard let variable = VariableDecl(candidate), variable.isLet, fileScope || variable.isStatic,
                  variable.bindings.count == 1, let binding = variable.bindings.first, let name = binding.name,
                  let initializer = binding.initializer else { continue }
            if let call = FunctionCallExpr(initializer), call.callee?.kind == .identifierExpr,
               let calleeName = call.calleeName, expensiveTypes.contains(calleeName) {
                if tokenText(initializer, local: nil) == key { return name }
                continue
            }
            if initializer.kind == .functionCallExpr, let closure = initializer.childNodes.first.flatMap(ClosureExpr.init),
               let first = closure.statements.first, let declaration = VariableDecl(first),
               let inner = declaration.bindings.first?.initializer, let recipe = recipeAround(inner) {
                var parts = [tokenText(inner, local: nil)]
                for statement in recipe.configuration { parts.append(tokenText(statement, local: recipe.localName)) }
                if parts.joined(separator: ";") == key { return name }
            }
        }
        return nil
    }

    // MARK: Names

    func descriptiveName(_ construction: Construction) -> String {
        var dateStyle: String?, timeStyle: String?, numberStyle: String?
        for statement in construction.configuration {
            guard let sequence = SequenceExpr(statement), sequence.isAssignment,
                  let target = sequence.assignmentTarget.flatMap(MemberAccessExpr.init), let property = target.name,
                  let value = sequence.assignedValue.flatMap(MemberAccessExpr.init), value.base == nil, let style = value.name
            else { continue }
            switch property {
            case "dateStyle": dateStyle = style
            case "timeStyle": timeStyle = style
            case "numberStyle": numberStyle = style
            default: break
            }
        }
        if construction.typeName == "DateFormatter" {
            let date = dateStyle.flatMap { $0 == "none" ? nil : $0 }
            let time = timeStyle.flatMap { $0 == "none" ? nil : $0 }
            switch (date, time) {
            case let (d?, nil): return d + "DateFormatter"
            case let (nil, t?): return t + "TimeFormatter"
            case let (d?, t?): return d + "Date" + capitalized(t) + "TimeFormatter"
            default: break
            }
        }
        if construction.typeName == "NumberFormatter", let style = numberStyle, style != "none" {
            return style + "Formatter"
        }
        if let local = construction.localName, local.count > 2, !["fmt", "formatter"].contains(local) { return local }
        return Names.lowerCamel(construction.typeName)
    }

    func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// `base`, or `base2`, `base3`… : free among the type's members (nested types and those of
    /// its extensions in the file), the names planned in this run, and for file scope every
    /// identifier of the file.
    func uniqueName(_ base: String, type: TypeDecl, fileScope: Bool, scopeKey: Int, ownScope: Node?) -> String {
        var taken = plannedNames[scopeKey] ?? []
        if fileScope {
            taken.formUnion(Names.identifiers(in: tree.root))
            // The local being hoisted does not block its own name.
            if let declaration = ownScope, let scope = declaration.parent, VariableDecl(declaration)?.bindings.first?.name == base,
               Names.occurrences(of: base, in: tree.root) == Names.occurrences(of: base, in: scope) {
                taken.remove(base)
            }
        } else {
            taken.formUnion(types.memberNames(of: type))
        }
        return Names.fresh(base) { taken.contains($0) }
    }

    /// The declaration of a local recipe, whose name vanishes with it.
    func ownScope(_ construction: Construction) -> Node? {
        guard case .local(let declaration) = construction.shape else { return nil }
        return declaration
    }
}
