// Rule `observable`: migrates `ObservableObject` classes to `@Observable`, each class with
// all its uses in the module as one change, so that views update per property they read.
import Codemod
import SwiftCST

/// Rule `observable`; `documentation` below is its one description (RULES.md, `explain`).
public struct ObservableMigration: Rule {
    public init() {}

    public let id = "observable"
    public let summary = "Migrate ObservableObject classes and their uses to @Observable (opt-in)"
    /// A migration, not a finding: it runs only when the configuration or `--rules` names it.
    public var isEnabledByDefault: Bool { false }
    /// Whether a class can change is decided from the whole module's index.
    public var usesProjectIndex: Bool { true }
    /// The words of every fact the migration reads (as `ObservationScan.mayHoldFacts`).
    public var neededWords: [[StaticString]] {
        [["ObservableObject", "StateObject", "ObservedObject", "EnvironmentObject", "environmentObject", "Published", "objectWillChange", ".$"]]
    }

    /// `classes`: the names of the classes to migrate in this run (all when absent), so
    /// that a migration can land class by class.
    public var optionNames: [String] { ["classes"] }

    static let platforms: [Platform: Version] = [.iOS: Version(17), .macOS: Version(14), .tvOS: Version(17), .watchOS: Version(10)]

    public var platformNeeds: [PlatformNeed] {
        [PlatformNeed(fix: "`@Observable`, `@Bindable`, `@Environment(Model.self)`, `.environment(_:)`", platforms: Self.platforms)]
    }

    public let documentation = """
        An `ObservableObject` announces every change of any `@Published` property through \
        one `objectWillChange` publisher, so every view that holds the object (`@StateObject`, \
        `@ObservedObject`, `@EnvironmentObject`) evaluates its `body` again when any of them \
        changes, whether or not it reads that property. A model with many published \
        properties makes its dependencies wider than needed. An `@Observable` class (the \
        Observation framework) records which properties each `body` reads, and updates only \
        the views that read the property that changed.

        The rule works one class with all its uses in the module, through the project index:

        - the class: `final class Model: ObservableObject` becomes `@Observable final class \
        Model`; `@Published` is removed; a stored `var` that was not published gets \
        `@ObservationIgnored` (it was not observed before and stays so); `didSet` and \
        `willSet` stay; `import Observation` is added where the file does not import SwiftUI;
        - `@StateObject var model = Model()` becomes `@State var model = Model()`;
        - `@ObservedObject var model: Model` becomes a plain `var model: Model`, or \
        `@Bindable var model: Model` where the view takes bindings (`$model.name`);
        - `@EnvironmentObject var model: Model` becomes `@Environment(Model.self) var model: \
        Model`, with `@Bindable var model = model` as the first line of `body` where `body` \
        takes bindings;
        - `.environmentObject(model)` becomes `.environment(model)`.

        It is a migration, not a finding: off unless the configuration enables it \
        (`"rules": {"enable": ["observable"]}`) or `--rules observable` names it. Its findings \
        are notes. Every change of one class is made in the same run, so run it on whole \
        modules: a run given some of a module's files (one file, `--changed-since`, an \
        editor's document) withholds every class that a file it was not given may use, \
        naming that file, rather than change the class and its uses apart. To land the \
        migration class by class, name the classes of each step in the option `classes` \
        (`"options": {"observable": {"classes": ["Library"]}}`): the others are reported, \
        not changed. With `--split-by rule` each class with its uses is a group (one patch, \
        one commit) of its own; `module` and `directory` can split a class from its uses.

        Withheld, and reported with the reason at the class and at the place that blocks it \
        (fix that, then run again): `$name` used as a Combine publisher (`.onReceive(model.$name)`, \
        `model.$name.sink`), `objectWillChange`, `ObservableObject` used as a generic \
        constraint or existential, a protocol that inherits `ObservableObject`, a superclass \
        or subclass that is an `ObservableObject` (or a superclass declared outside the \
        module), a property wrapper other than `@Published` on the class's properties \
        (`@AppStorage` does not observe inside `@Observable`), `lazy var`, several stored \
        properties in one declaration (`var width = 0, height = 0`), a comment inside the \
        inheritance clause, `_name` (the \
        `Published` wrapper itself), a `public`, `open` or `package` class (other modules may \
        use it as an `ObservableObject`), a `Codable` class without its own coding methods or \
        with `_name` coding keys, a `@StateObject` whose class's initializer or arguments do \
        work, or that is set in `init` through `StateObject(wrappedValue:)`, an \
        `@EnvironmentObject` whose `$name` is used outside `body`, `.environmentObject(…)` of \
        a value whose type is not known, a property whose type is not written, and a \
        deployment target below iOS 17, macOS 14, tvOS 17 or watchOS 10.

        What changes at run time: a view updates when a property its `body` read changes, \
        not when any published property does; a property read outside `body` (in an \
        action, in `onAppear`) does not make the view update. With `@State`, the \
        initializer `Model()` is evaluated each time the parent re-creates the view's value \
        (the first object is kept, later ones are discarded), which is why a class whose \
        initializer does work is withheld. Check by hand: code that relied on a view \
        updating for a property it does not read; `@ObservationIgnored` properties that \
        should now be observed; `deinit` and reference cycles of objects now made more \
        often; and that `@Environment(Model.self)` finds the object (it traps when it is \
        missing, as `@EnvironmentObject` did).

        Before:

            final class Library: ObservableObject {
                @Published var books: [Book] = []
                var cache: [String: Book] = [:]
            }

            struct Shelf: View {
                @StateObject private var library = Library()
                var body: some View { List(library.books) { Text($0.title) } }
            }

        After:

            @Observable final class Library {
                var books: [Book] = []
                @ObservationIgnored var cache: [String: Book] = [:]
            }

            struct Shelf: View {
                @State private var library = Library()
                var body: some View { List(library.books) { Text($0.title) } }
            }
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        var plan = ObservableMigration.plan(for: index)
        if case .array(let values)? = context.options["classes"] {
            let named = Set(values.compactMap { value -> String? in if case .string(let name) = value { return name } else { return nil } })
            plan.select(named)
        }
        plan.requireFiles(context.plannedFiles, index: index)
        guard plan.hasModels else { return [] }
        let scan = ObservationScan(tree)
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        var needsImport = !ObservableMigration.importsObservation(tree)
        // A class that publishes without being an ObservableObject is none of the plan's.
        for model in scan.models where plan.verdicts[model.name] != nil {
            findings.append(modelFinding(model, plan: plan, layout: layout, needsImport: &needsImport))
        }
        findings += useFindings(scan, plan: plan, index: index, layout: layout)
        findings += environmentCallFindings(scan, plan: plan, index: index)
        findings += obstacleFindings(scan, plan: plan, index: index)
        return findings
    }

    // MARK: - Findings

    private func modelFinding(_ model: ObservationScan.Model, plan: ObservableMigration.Plan, layout: SourceLayout,
                              needsImport: inout Bool) -> Finding {
        let name = model.declaration.nameToken?.textRange ?? model.declaration.trimmedRange
        let message = "`\(model.name)` updates every observing view on any @Published change; make it @Observable so views update per property read"
        guard plan.migrates(model.name) else {
            let reason = plan.verdicts[model.name].flatMap { $0 } ?? "it is not known in the module's index"
            return Finding(range: name, message: Finding.clamped(message), severity: .note, withheldReason: reason)
        }
        var edits = ObservableMigration.classEdits(model.declaration, layout: layout)
        if needsImport, let edit = ObservableMigration.importEdit(model.declaration.node.tree, layout: layout) {
            edits.append(edit)
            needsImport = false
        }
        return Finding(range: name, message: Finding.clamped(message), severity: .note,
                       fix: Fix(edits: edits, summary: "make `\(model.name)` @Observable", platforms: Self.platforms))
    }

    private func useFindings(_ scan: ObservationScan, plan: ObservableMigration.Plan, index: ProjectIndex,
                             layout: SourceLayout) -> [Finding] {
        var findings: [Finding] = []
        // The `@Bindable` lines each `body` needs, put in by the first use that needs one.
        var bodyLines: [Int: [String]] = [:]
        var migrating: [(ObservationScan.Use, String)] = []
        for use in scan.uses {
            let held = "`@\(use.wrapper.rawValue) var \(use.property)`"
            let holder = plan.holder(of: use, index: index)
            guard case .model(let model) = holder else {
                // A value whose class cannot be told keeps every class it may be.
                let place = use.declaration.trimmedRange.lowerBound..<use.attribute.trimmedRange.upperBound
                if holder == .unknown || use.typeName == nil && use.valueChain == nil {
                    findings.append(Finding(range: place, message: Finding.clamped("\(held) holds a value of unknown class, which keeps the module's ObservableObjects as they are"),
                                            severity: .note, withheldReason: "write its type, so the class it holds can be told"))
                } else if case .ambiguous(let models) = holder {
                    findings.append(Finding(range: place, message: Finding.clamped("\(held) may hold \(ObservableMigration.names(models)), which stay ObservableObjects"),
                                            severity: .note, withheldReason: "write its type, so the class it holds can be told"))
                }
                continue
            }
            guard plan.migrates(model) else {
                // Said here only where this property is what blocks the class.
                let blocker = use.blocker ?? (use.wrapper == .stateObject && use.makesObject && plan.doWork.contains(model)
                    ? "the initializer of `\(ProjectIndex.lastComponent(model))` does work, which `@State` would run again on every init of this view" : nil)
                if let blocker {
                    findings.append(Finding(range: use.declaration.trimmedRange.lowerBound..<use.attribute.trimmedRange.upperBound,
                                            message: Finding.clamped("\(held) keeps `\(model)` an ObservableObject; change it to migrate the class to @Observable"),
                                            severity: .note, withheldReason: blocker))
                }
                continue
            }
            if use.wrapper == .environmentObject, use.takesBindings, let body = use.body {
                bodyLines[body.node.index, default: []].append("@Bindable var \(use.property) = \(use.property)")
            }
            migrating.append((use, model))
        }
        var bodyDone: Set<Int> = []
        for (use, model) in migrating {
            var edits = ObservableMigration.useEdits(use, layout: layout)
            if let body = use.body, let lines = bodyLines[body.node.index], bodyDone.insert(body.node.index).inserted,
               let edit = ObservableMigration.bodyInsertion(lines, into: body, layout: layout) {
                edits.append(edit)
            }
            let held = "`@\(use.wrapper.rawValue) var \(use.property)`"
            let change: String
            switch use.wrapper {
            case .stateObject: change = "hold it in `@State`"
            case .observedObject: change = use.takesBindings ? "hold it with `@Bindable`" : "make it a plain property"
            case .environmentObject: change = "read it with `@Environment(\(ProjectIndex.lastComponent(model)).self)`"
            }
            findings.append(Finding(range: use.declaration.trimmedRange.lowerBound..<use.attribute.trimmedRange.upperBound,
                                    message: Finding.clamped("\(held) holds `\(model)`, which becomes @Observable: \(change)"),
                                    severity: .note, fix: Fix(edits: edits, summary: change, platforms: Self.platforms)))
        }
        return findings
    }

    private func environmentCallFindings(_ scan: ObservationScan, plan: ObservableMigration.Plan, index: ProjectIndex) -> [Finding] {
        var findings: [Finding] = []
        for call in scan.environmentCalls {
            let quoted = MessageText.quoted(".environmentObject(\(call.argument))", max: 60)
            switch ObservableMigration.environmentObjectType(argument: call.argument, scope: call.scope, index: index, plan: plan) {
            case .model(let model) where plan.migrates(model):
                findings.append(Finding(range: call.name.textRange,
                                        message: Finding.clamped("`\(quoted)` passes `\(model)`, which becomes @Observable: use `.environment(_:)`"),
                                        severity: .note,
                                        fix: Fix(edits: [Edit(range: call.name.textRange, replacement: "environment")],
                                                 summary: "use `.environment(_:)`", platforms: Self.platforms)))
            case .unknown, .ambiguous:
                findings.append(Finding(range: call.name.textRange,
                                        message: Finding.clamped("`\(quoted)` passes a value of unknown type, so no ObservableObject of the module can become @Observable"),
                                        severity: .note,
                                        withheldReason: "pass a property whose type is written, or `Model()`, so the class it holds can be told"))
            default:
                continue
            }
        }
        return findings
    }

    /// The code of this file that keeps some class of the module an ObservableObject.
    private func obstacleFindings(_ scan: ObservationScan, plan: ObservableMigration.Plan, index: ProjectIndex) -> [Finding] {
        var findings: [Finding] = []
        let declaredHere = Set(scan.models.map(\.name))
        let models = plan.verdicts.keys.sorted()
        for obstacle in scan.obstacles {
            // Inside a class this file declares: its own finding says so.
            if declaredHere.contains(where: { obstacle.scope == $0 || obstacle.scope.hasPrefix($0 + ".") }) { continue }
            let blocked: [String]
            let message: String
            let reason: String
            switch obstacle.kind {
            case .publisher:
                blocked = plan.models(publishing: obstacle.subject, receiver: obstacle.receiver, scope: obstacle.scope, index: index)
                message = "`$\(obstacle.subject)` as a Combine publisher keeps \(ObservableMigration.names(blocked)) from becoming @Observable"
                reason = "an @Observable class has no publishers; observe the property with `onChange(of:)`, `didSet` or `withObservationTracking`"
            case .ownPublisher:
                blocked = models.filter { plan.published[$0]?.contains(obstacle.subject) == true && $0 == obstacle.scope }
                message = "`$\(obstacle.subject)` as a Combine publisher keeps \(ObservableMigration.names(blocked)) from becoming @Observable"
                reason = "an @Observable class has no publishers; observe the property with `onChange(of:)`, `didSet` or `withObservationTracking`"
            case .objectWillChange:
                blocked = plan.models(sendingChangesOf: obstacle.receiver, scope: obstacle.scope, index: index)
                message = "`objectWillChange` keeps \(ObservableMigration.names(blocked)) from becoming @Observable"
                reason = "an @Observable class has no `objectWillChange`; observe the properties that matter instead"
            case .constraint:
                blocked = models
                message = "`ObservableObject` as a constraint or existential keeps \(ObservableMigration.names(blocked)) from becoming @Observable"
                reason = "a class passed here must stay an ObservableObject; constrain to `Observable` (or `AnyObject`) once it is migrated"
            }
            guard !blocked.isEmpty else { continue }
            findings.append(Finding(range: obstacle.range, message: Finding.clamped(message), severity: .note, withheldReason: reason))
        }
        return findings
    }

    /// `` `M` `` or `` `M` and 3 more ``.
    static func names(_ models: [String]) -> String {
        guard let first = models.first else { return "" }
        return models.count == 1 ? "`\(first)`" : "`\(first)` and \(models.count - 1) more"
    }
}
