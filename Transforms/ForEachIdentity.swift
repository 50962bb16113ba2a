// Rule `foreach-identity`: rows identified by their position, or by a value made anew on
// every render, lose their state and animate wrongly; the data's own identity is stable.
import Codemod
import SwiftCST

/// Rule `foreach-identity`; `documentation` below is its one description (RULES.md, `explain`).
public struct ForEachIdentity: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding starts at a `ForEach` or `List` call or an `.id(…)` modifier.
    public var neededWords: [[StaticString]] { [["ForEach", "List", ".id("]] }

    public let id = "foreach-identity"
    public let summary = "Replace index-based and per-render identity with the data's stable identity"
    public let platformNeeds = [PlatformNeed(fix: "`ForEach($items) { $item in … }`, for rows that bind `$items[i]`",
                                             platforms: IdentityPass.bindingForEachPlatforms)]
    public let documentation = """
        A ForEach row identified by its position keeps the state of whatever row was at \
        that position before: inserting or removing an element gives later rows the wrong \
        state, animates the wrong rows and can crash when a row reads `items[i]` after the \
        array shrank. `ForEach(0..<items.count)` without `id:` is read only once. \
        `.id(UUID())` gives the view a new identity on every body evaluation, so SwiftUI \
        rebuilds its whole subtree each time.

        Before:

            ForEach(items.indices, id: \\.self) { i in
                Text(items[i].title)
            }

        After (when `Item` is Identifiable):

            ForEach(items) { item in
                Text(item.title)
            }

        Also: `ForEach(Array(items.enumerated()), id: \\.offset) { index, item in … }` becomes \
        `ForEach(items) { item in … }` when the index is unused, else `id: \\.element.id`; \
        `$items[i]` uses become `ForEach($items) { $item in … }` (iOS 15/macOS 12); \
        `ForEach(items, id: \\.self)` over Identifiable elements becomes `ForEach(items)` \
        (not for a class without an `id` of its own, identified by the object: instances made \
        anew at each render would be new rows). \
        An element read in an action (`Button { items[i].count += 1; if items[i].count > 2 … }`) \
        keeps its index, in enumerated rows: the row's copy would hold the value of when \
        the row was built, not the one the action just wrote.

        Element types are proven from declarations through `if let`/`guard let`, `??`, \
        optional chains, binding rows (`ForEach($items) { $item in … }`) and `@Bindable` \
        projections; not through `@dynamicMemberLookup` wrappers or calls. \
        Withheld (reported with the rewrite in the message): element types the project \
        index cannot prove Identifiable, Set data, `$0` rows and rebound index names, \
        elements whose `id` is made with each value (`let id = UUID()`, `UUID().uuidString`, \
        a computed `id` that makes one) where the values are built again as views render: a \
        computed property or default value of the view, a local of `body`, or a caller's \
        `body` that builds them (`Rows(items: [Item(…)])`, `items.map { Item(…) }`), or \
        callers in other files; and rows without `.tag` whose implicit tags a `Picker`, a \
        `TabView` or a view with `selection:` reads: around the `ForEach`, or around a use of the member (or view) \
        whose whole result the rows are, in this file or possibly in another. For \
        elements proven not Identifiable the message says what they need (an `id`, or an \
        `id:` key path to a stable, unique property) instead of code that would not compile. \
        Reported without a fix: `ForEach(0..<n, id: \\.self)` where `n` is a count \
        (`let n = xs.count`), offsets in a derived collection \
        (`Array(xs.filter { … }.enumerated()), id: \\.offset`), and a range whose bounds are \
        not literals without `id:` (`ForEach(0..<n)`), which ForEach reads only once. \
        `.id(UUID())`, `.id(Date())`, `.id(Date.now)` and `.id(Int.random(in:))` are reported \
        without a fix, even with --unsafe-fixes: a changing id resets the view's state on every \
        render, which some code does on purpose. Use a stable id from the data, or, when a \
        reset is wanted, an id tied to the state it follows (`.id(selection)`).

        A rewritten `ForEach(…, id: …)` line wider than the file's lines (its longest, at \
        least 120 columns) takes its data and `id:` on lines of their own, with `) { index, \
        item in` closing them.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        // The file's own declarations are always known, even when no index pass ran.
        let index = context.index(including: tree)
        var pass = IdentityPass(tree: tree, context: context, index: index)
        for node in context.functionCalls(in: tree) {
            // `.id(…)` for the first pattern, `ForEach`/`List` for the others: the name is
            // read once here, where each pattern used to read it again for every call.
            guard let call = FunctionCallExpr(node), let name = call.calleeNameToken,
                  name.textIs("id") || name.textIs("ForEach") || name.textIs("List") else { continue }
            if var finding = pass.unstableIDFinding(call) ?? pass.collectionFinding(call) {
                if let fix = finding.fix, let loss = CommentKeeping.lossReason(fix, in: tree) {
                    let reason = loss + "; rewrite it by hand"
                    finding = Finding(range: finding.range, message: finding.message,
                                      withheldReason: reason)
                } else if finding.fix != nil, let container = pass.selectionContainer(of: call) {
                    // The rows' implicit tags are their ids: new ids select other values.
                    let reason = "inside \(container) each row's implicit tag is its id; a new id changes which value the row selects"
                    finding = Finding(range: finding.range, message: finding.message,
                                      withheldReason: reason)
                } else if finding.fix != nil, let reason = pass.freshValuesReason(call) {
                    // The element's `id` is no identity when its values are built again.
                    finding = Finding(range: finding.range, message: finding.message,
                                      withheldReason: reason)
                } else if finding.fix != nil, let reason = pass.openRowsReason(call.node) {
                    finding = Finding(range: finding.range, message: finding.message,
                                      withheldReason: reason)
                }
                pass.findings.append(finding)
            }
        }
        return pass.findings
    }
}

// MARK: - The pass over one file

struct IdentityPass {
    let tree: SyntaxTree
    let context: RuleContext
    let index: ProjectIndex
    let resolver: TypeResolver
    let layout: SourceLayout
    var findings: [Finding] = []
    /// Element names introduced by fixes of enclosing rows, with the closure they live in.
    var introducedNames: [(closure: Node, name: String)] = []
    /// Names declared at file scope, gathered once: every row's scope ends there.
    let fileScopeNames: Set<String>

    init(tree: SyntaxTree, context: RuleContext, index: ProjectIndex) {
        self.tree = tree
        self.context = context
        self.index = index
        self.resolver = TypeResolver(index: index)
        self.layout = SourceLayout(tree.bytes)
        fileScopeNames = Names.fileScope(of: tree)
    }

    /// iOS 15, macOS 12, tvOS 15, watchOS 8: `ForEach($items) { $item in }`.
    static let bindingForEachPlatforms: [Platform: Version] = [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15),
                                                                .watchOS: Version(8), .visionOS: Version(1)]

    // MARK: - ForEach and List

    mutating func collectionFinding(_ call: FunctionCallExpr) -> Finding? {
        guard let site = ForEachSite(call.node), site.hasOnlyDataAndID else { return nil }
        let idPath = site.idKeyPath
        if site.idArgument != nil && idPath == nil { return nil }
        if let enumerated = enumeratedSource(site.dataExpression), idPath == ".offset" || idPath == ".0" {
            if isWrittenOutLiteral(enumerated.source) { return nil }
            if enumerated.isZip && idPath != ".0" { return nil }
            return enumeratedFinding(site, source: enumerated.source, isZip: enumerated.isZip)
        }
        if let derived = TypeResolver.enumeratedCollection(site.dataExpression), idPath == ".offset" {
            return derivedOffsetFinding(site, derived: derived)
        }
        if let source = indicesSource(site.dataExpression), idPath == nil || idPath == ".self" {
            if isWrittenOutLiteral(source) { return nil }
            return indicesFinding(site, source: source)
        }
        if let range = NonConstantRange(site.dataExpression), idPath == nil || idPath == ".self" {
            return rangeFinding(site, range: range)
        }
        if idPath == ".self", !site.isBindingData {
            return selfIDFinding(site)
        }
        return nil
    }

    /// Pattern 1: `Array(xs.enumerated())`, `xs.enumerated().map { $0 }` or
    /// `Array(zip(xs.indices, xs))` identified by the offset.
    private func enumeratedFinding(_ site: ForEachSite, source: Node, isZip: Bool) -> Finding? {
        let base = "`\(site.container)` identifies rows by offset, so insertions move state between rows"
        let parameters = site.row?.parameters ?? []
        guard let closure = site.row, parameters.count == 2, parameters.allSatisfy({ $0.type == nil && $0.nameToken?.kind != .dollarIdentifier }),
              let indexName = parameters[0].name, let elementName = parameters[1].name, let clause = closure.parameterClause
        else {
            let proof = proofFailure(source, needs: .anyOrder)
            return withheld(site, base, suggestion: isZip ? "id: \\.1.id" : "id: \\.element.id", proof: proof,
                            reason: "the row closure does not name the index and the element")
        }
        let indexUsed = indexName != "_" && uses(of: indexName, in: closure.statements).count > 0
        let suggestion = indexUsed ? (isZip ? "id: \\.1.id" : "id: \\.element.id") : "\(site.container)(\(source.text)) { \(elementName) in … }"
        if let failure = proofFailure(source, needs: indexUsed ? .anyOrder : .randomAccess) {
            return withheld(site, base, suggestion: suggestion, proof: failure, reason: failure.reason)
        }

        var edits: [Edit]
        if indexUsed {
            guard let idExpression = site.idExpression else { return nil }
            let id = isZip ? "\\.1.id" : "\\.element.id"
            edits = laidOut([Edit(range: idExpression.trimmedRange, replacement: id)], site: site,
                            arguments: [layout.text(site.dataExpression.trimmedRange), "id: " + id])
        } else {
            edits = [Edit(range: site.dataAndIDRange, replacement: layout.text(source.trimmedRange)),
                     Edit(range: clause.trimmedRange, replacement: elementName)]
        }
        return Finding(range: site.headRange, message: IdentityPass.use(suggestion, after: base),
                       fix: Fix(edits: edits, safety: .safe, summary: indexUsed ? "identify rows by the element's id" : "iterate the elements"))
    }

    /// Pattern 2: `xs.indices` or `0..<xs.count`, with `id: \.self` or none.
    private mutating func indicesFinding(_ site: ForEachSite, source: Node) -> Finding? {
        let base = site.idKeyPath == nil
            ? "`\(site.container)` over a range without `id:` reads it once and identifies rows by position, missing later changes"
            : "`\(site.container)` identifies rows by index, so insertions move state between rows"
        let sourceText = layout.text(source.trimmedRange)
        let parameters = site.row?.parameters ?? []
        guard let closure = site.row, parameters.count == 1, parameters[0].type == nil,
              let indexToken = parameters[0].nameToken, indexToken.kind == .identifier, let clause = closure.parameterClause
        else {
            let reason = site.row?.parameterClause == nil && site.row.map { site.usesAnonymousParameters($0.node) } == true
                ? "the row reads the index as `$0`; name it (`{ index in`) for the rule to rewrite the row"
                : "the row closure does not name the index"
            return withheld(site, base, suggestion: "\(site.container)(\(sourceText)) { element in … }",
                            proof: proofFailure(source, needs: .randomAccess), reason: reason)
        }
        let indexName = indexToken.text
        if !Names.binders(of: indexName, in: closure.statements).isEmpty {
            return withheld(site, base, suggestion: "\(site.container)(\(sourceText)) { element in … }",
                            proof: proofFailure(source, needs: .randomAccess), reason: "`\(indexName)` is declared again inside the row")
        }
        let elementName = freshElementName(for: source, closure: closure)
        var reads: [Node] = [], bindings: [Node] = [], others = 0
        for use in uses(of: indexName, in: closure.statements) {
            switch classify(use, source: source) {
            case .read(let subscriptNode) where Self.runsLater(subscriptNode, within: closure.node):
                // A button's action reads the element when tapped, after its own writes:
                // the row's copy would give the value of when the row was built. The read
                // stays, on the index the enumerated rows keep.
                others += 1
            case .read(let subscriptNode): reads.append(subscriptNode)
            case .binding(let subscriptNode): bindings.append(subscriptNode)
            case .other: others += 1
            }
        }

        var variant: Variant = others > 0 ? .enumerated : (bindings.isEmpty ? .elements : .bindings)
        // Rows of bindings (`ForEach($items) { $item in … }`) need iOS 15/macOS 12: below, or
        // with the target unknown, the rows keep their offsets and take the element's id.
        if variant == .bindings && !context.deploymentTargets.satisfies(IdentityPass.bindingForEachPlatforms) {
            variant = .enumerated
        }
        let newData: String, newParameters: String
        switch variant {
        case .elements: (newData, newParameters) = (sourceText, elementName)
        case .bindings: (newData, newParameters) = ("$" + sourceText, "$" + elementName)
        case .enumerated: (newData, newParameters) = ("Array(\(sourceText).enumerated()), id: \\.element.id", "\(indexName), \(elementName)")
        }
        let suggestion = "\(site.container)(\(newData)) { \(newParameters) in … }"
        let requirement: Requirement = variant == .enumerated ? .zeroBasedIndices : (variant == .bindings ? .mutableArray : .randomAccess)
        if let failure = proofFailure(source, needs: requirement) {
            return withheld(site, base, suggestion: suggestion, proof: failure, reason: failure.reason)
        }
        if variant == .bindings, !isStateOrBinding(source, bindingUse: bindings[0]) {
            let reason = "`$\(sourceText)` is not a `@State` or `@Binding` property"
            return Finding(range: site.headRange, message: MessageText.fitting(
                               base + "; iterate bindings once `\(MessageText.quoted(sourceText))` is `@State` or `@Binding`",
                               base + "; iterate bindings once the data is `@State` or `@Binding`"), withheldReason: reason)
        }

        var edits = [Edit(range: site.dataAndIDRange, replacement: newData),
                     Edit(range: clause.trimmedRange, replacement: newParameters)]
        if variant == .enumerated {
            edits = laidOut(edits, site: site, arguments: ["Array(\(sourceText).enumerated())", "id: \\.element.id"])
        }
        for read in reads { edits.append(Edit(range: read.trimmedRange, replacement: elementName)) }
        if variant == .bindings {
            for binding in bindings { edits.append(Edit(range: binding.trimmedRange, replacement: "$" + elementName)) }
        }
        introducedNames.append((closure.node, elementName))
        let summary = variant == .enumerated ? "identify rows by the element's id" : "iterate the elements"
        return Finding(range: site.headRange, message: IdentityPass.use(suggestion, after: base),
                       fix: Fix(edits: edits, safety: .safe, summary: summary,
                                platforms: variant == .bindings ? IdentityPass.bindingForEachPlatforms : [:]))
    }

    /// Whether `node` sits in a closure inside `row` that is no view content: an action,
    /// or a closure the rule cannot place, which may run after the row was built.
    static func runsLater(_ node: Node, within row: Node) -> Bool {
        var current = node.parent
        while let ancestor = current, ancestor != row {
            if let closure = ClosureExpr(ancestor) {
                switch BuilderContext.of(closure).kind {
                case .action, .ordinary: return true
                case .view, .chart, .table, .commands, .toolbar, .scene, .otherBuilder: break
                }
            }
            current = ancestor.parent
        }
        return false
    }

    /// Pattern 3: `ForEach(items, id: \.self)` over `Identifiable` elements.
    private func selfIDFinding(_ site: ForEachSite) -> Finding? {
        guard let (collection, scope) = resolver.collectionType(of: site.dataExpression), !collection.isBinding,
              collection.isRandomAccess, index.isIdentifiable(collection.element, inScope: scope) == true,
              !index.isIdentifiedBySelf(collection.element, inScope: scope),  // the same identity: no churn
              let idExpression = site.idExpression
        else { return nil }
        // A class without an `id` of its own is identified by the object (`ObjectIdentifier`):
        // rows of instances made anew (`names.map { Tag(name: $0) }`) would be new rows at
        // every render, where equal values kept theirs.
        let qualified = index.qualifiedName(of: collection.element, inScope: scope)
        if index.classTypes.contains(qualified), index.propertyType(of: collection.element, named: "id", inScope: scope) == nil {
            return nil
        }
        let removed = site.dataExpression.trimmedRange.upperBound..<idExpression.trimmedRange.upperBound
        guard !tree.bytes[removed].contains(UInt8(ascii: "/")) else { return nil }
        let message = MessageText.fitting(
            "`id: \\.self` identifies rows by value, so a changed element is a new row; `\(collection.element)` is Identifiable: drop `id:`",
            "`id: \\.self` identifies rows by value, so a changed element is a new row; the elements are Identifiable: drop `id:`")
        return Finding(range: site.headRange, message: message,
                       fix: Fix(edits: [.delete(removed)], safety: .safe, summary: "identify rows by the element's id"))
    }

    /// A finding without a fix. Its advice is code only where that code compiles once the
    /// rows are rewritten by hand: for elements proven not Identifiable it says what they
    /// need, and for elements not proven either way it names the condition.
    func withheld(_ site: ForEachSite, _ message: String, suggestion: String, proof: ProofFailure?, reason: String) -> Finding {
        let advice: String
        switch proof?.kind {
        case nil:
            advice = "consider `\(MessageText.quoted(suggestion, max: 60))`"
        case .notIdentifiable(let element)?:
            advice = IdentityPass.stableIDAdvice(element: element, data: proof?.data)
        case .unproven?:
            advice = "once the elements are Identifiable, use `\(MessageText.quoted(suggestion, max: 40))`"
        case .shape?:
            advice = "iterate the elements in an array, identified by a stable, unique property"
        }
        return Finding(range: site.headRange, message: MessageText.fitting(message + "; " + advice, message), withheldReason: reason)
    }

    /// What rows of elements that are not Identifiable need, in words: no code can be
    /// proposed without knowing which property is stable and unique.
    static func stableIDAdvice(element: String, data: String?) -> String {
        // A tuple, array, dictionary or function type cannot conform to a protocol.
        if let first = element.first, "([".contains(first) || element.contains("->") {
            return "iterate a struct with a stable, unique `id` instead"
        }
        // A standard value is its own identity when the values are unique.
        if IdentityPass.standardValues.contains(element) { return "use `id: \\.self` if the values are unique" }
        return "make `\(MessageText.quoted(element, max: 30))` Identifiable or pass `id:` a stable key path"
    }

    /// Standard library and Foundation values, which a module cannot make Identifiable.
    static let standardValues: Set<String> = ["String", "Substring", "Int", "Int64", "Int32", "UInt", "Double", "Float", "Bool",
                                              "Character", "Date", "URL", "UUID", "Data", "CGFloat", "Decimal"]

    /// `base; use CODE`, the code shortened or left out to keep one short sentence.
    static func use(_ suggestion: String, after base: String) -> String {
        MessageText.fitting(base + "; use `" + MessageText.quoted(suggestion, max: 78) + "`",
                            base + "; identify them by a stable id")
    }
}
