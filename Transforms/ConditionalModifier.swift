// Rule `conditional-modifier`: `if c { V.m(a) } else { V.m(b) }` gives one view two
// structural identities; `V.m(c ? a : b)` keeps one and lets SwiftUI diff the value.
import Codemod
import SwiftCST

/// Rule `conditional-modifier`; `documentation` below is its one description (RULES.md, `explain`).
public struct ConditionalModifier: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is an `if` with an `else`.
    public var neededWords: [[StaticString]] { [["else"]] }

    public let id = "conditional-modifier"
    public let summary = "Merge `if`/`else` branches that differ only in modifier arguments into one view"
    public let documentation = """
        In a view builder, `if c { A } else { B }` makes two views with two structural \
        identities, even when `A` and `B` are the same view with one modifier argument \
        changed. Each time `c` flips, SwiftUI removes one view and inserts the other: its \
        state is reset, `onAppear` runs again, and an animation cross-fades two views instead \
        of interpolating the value. One view whose argument is a ternary keeps its identity, \
        and SwiftUI only diffs the value.

        Before:

            if isSelected {
                RoundedRectangle(cornerRadius: 12).fill(.blue)
            } else {
                RoundedRectangle(cornerRadius: 12).fill(.gray)
            }

        After:

            RoundedRectangle(cornerRadius: 12).fill(isSelected ? .blue : .gray)

        Found: an `if`/`else` (not `else if`, `if let`, `if case` or `#if`) in view content \
        (`body`, a `@ViewBuilder`, the content closure of a container) whose two branches are \
        one expression each: the same view, the same modifiers in the same order, and \
        arguments (of the modifiers, or of the view's initializer, as in \
        `Image(systemName: "a")` and `Image(systemName: "b")`) that differ only in value. \
        `true`/`false` become the condition itself.

        The fix is `safe` when the view is a SwiftUI primitive without state of its own \
        (`Text`, `Image`, `Color`, `Label`, shapes, `Divider`, `Spacer`, `ProgressView`, and \
        stacks of those), `suggested` for other views (the module's own views, controls: the \
        message says that toggling the condition no longer resets their state), and withheld \
        (reported with the reason) when the rule cannot tell what the view is, when the view \
        or one it holds has `.onAppear`, `.onDisappear` or `.task` (which run again at each \
        flip) or sits in a `Group` with one (a `Group` hands its modifiers to each branch), \
        and when the two values are not provably of one type: \
        they must be literals of one kind, members of one type (`Color.red`, `Color.blue`), \
        or, where the parameter takes one concrete type (`.foregroundColor`, `.font`, \
        `.opacity`, `.frame`, `.padding`, …), any two literals, members or names \
        (`theme.accent`). An integer and a decimal literal are one type only for a \
        floating-point parameter (`.opacity(1)` and `.opacity(0.5)`), not for a generic one \
        (`.tag(1)` and `.tag(1.5)`). Two string literals merge only where the parameter is a \
        plain `String` (`Image(systemName:)`): elsewhere (`Text("On")`, `.navigationTitle`) a \
        ternary of strings may choose the unlocalized `String` overload. A `ShapeStyle` \
        parameter (`.foregroundStyle`, `.fill`, `.background`) takes `.red` (a `Color`) and `.secondary` (a \
        `HierarchicalShapeStyle`): two styles of one known type merge; two of different types \
        withhold the fix, since `c ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary)` snaps \
        between them where two views cross-fade when animated (and the bare \
        `c ? .red : .secondary` would compile, but as `Color.secondary`, another style), and \
        an unknown one withholds it too. With more than one differing argument the condition is \
        repeated, so it must not call anything, and at most three arguments may differ. The fix \
        is also withheld when it would delete a comment. Branches whose differing values are \
        made by two differently named types (`.modifier(BigShadow())`, \
        `.modifier(SmallShadow())`), two views of different types passed to a parameter that \
        takes any view (`.overlay(Image(…))`, `.overlay(Circle().stroke(…))`), or two styles \
        of a style modifier (`.buttonStyle(.plain)`, `.buttonStyle(.bordered)`), are two types \
        of view whatever is written: not reported. Nor are branches with `.transition`, `.id` \
        or `.matchedGeometryEffect`, or in a `Group` that hands them a transition or an \
        `.animation`: their two identities are deliberate. A withheld finding whose branches \
        differ only in the view's own arguments (`Text("On")`, `Text("Off")`) is a note.

        A merged line wider than the file's lines (its longest, at least 120 columns) breaks \
        as the file would: a call holding several merged values takes its arguments one a \
        line; else the ternary the line runs wide at (the later of two on one line, when the \
        line fits up to its condition) breaks before `?`, and before `:` too when that is not \
        enough, one level deeper than the line.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        // Made for the first candidate: most files that write `else` have none, and the
        // file's types were then worked out for nothing when no other rule asked for them.
        lazy var types = context.fileTypes(tree, index: context.index(including: tree))
        lazy var layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        for node in tree.root.descendants(.ifExpr) {
            guard let site = BranchPair(node), ConditionalModifier.isViewContent(node) else { continue }
            // `.modifier(BigShadow())` and `.modifier(SmallShadow())`: two types of view
            // whatever is written, so `if`/`else` is how to write them.
            if site.differences.contains(where: \.buildsTwoTypes) { continue }
            // `.transition`, `.id` or `.matchedGeometryEffect` on the branches, or a `Group`
            // around them that hands them a transition or an animation: the two identities
            // are what the author asked for, so there is nothing to report.
            if ConditionalModifier.identityModifier(in: site.thenStatement) != nil { continue }
            let around = ConditionalModifier.enclosingTransition(of: node)
            if let around, !ConditionalModifier.lifecycleModifiers.contains(around) { continue }
            let viewName = site.viewName
            let message = MessageText.fitting(
                "`if`/`else` builds `\(viewName)` twice with two identities, differing only in \(site.differenceSummary); use one view with a ternary",
                "`if`/`else` builds `\(viewName)` twice with two identities that differ only in arguments; use one view with a ternary")
            var reason: String? = nil
            var safety = FixSafety.safe
            var platforms: [Platform: Version] = [:]
            var values: [MergedValue] = []
            if let lifecycle = ConditionalModifier.lifecycleModifier(in: site.thenStatement) {
                reason = "the view has `.\(lifecycle)`, which runs again each time the other branch is shown; one view would run it once"
            } else if let around {
                reason = "the `Group` around it has `.\(around)`, which it hands to each branch: one view would run it once, not at each flip"
            } else {
                switch ConditionalModifier.statefulness(of: site.then.base, types: types) {
                case .stateless: safety = .safe
                case .view: safety = .suggested
                case .unknown(let why): reason = why
                }
            }
            if reason == nil, site.differences.count > 1, !site.condition.descendants(.functionCallExpr).isEmpty
                || site.condition.kind == .functionCallExpr {
                reason = "the condition calls a function and would be written once per differing argument"
            } else if reason == nil, site.differences.count > ConditionalModifier.mostDifferences {
                reason = "\(site.differences.count) arguments differ, and that many ternaries in one chain slow type-checking"
            }
            if reason == nil {
                for difference in site.differences {
                    switch ValuePair.merge(difference, condition: site.condition) {
                    case .merged(let text, let needs, let ternary):
                        values.append(MergedValue(node: difference.then, text: text, ternary: ternary))
                        platforms.merge(needs) { max($0, $1) }
                    case .withheld(let why):
                        reason = why
                    }
                    if reason != nil { break }
                }
            }
            var fix: Fix? = nil
            if reason == nil {
                let candidate = Fix(edits: [site.edit(values: values, layout: layout, wrapWidth: context.wrapWidth(of: tree))], safety: safety,
                                    summary: safety == .safe ? "one view with a ternary argument"
                                        : "one view with a ternary argument; toggling the condition no longer resets the view's state",
                                    platforms: platforms)
                if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
            }
            let range = node.trimmedRange.lowerBound..<(site.ifExpr.body?.leftBrace?.textRange.upperBound ?? node.trimmedRange.upperBound)
            if let fix {
                findings.append(Finding(range: range, message: message, fix: fix))
            } else {
                // Two texts or images of different content are a smaller cost than a modifier
                // toggled by rebuilding the view: a note, when the rule cannot merge them.
                let onlyContent = site.differences.allSatisfy(\.isInitializer)
                findings.append(Finding(range: range, message: message,
                                        severity: onlyContent ? .note : .warning, withheldReason: reason))
            }
        }
        return findings
    }

    /// The most differing arguments merged into ternaries in one chain.
    static let mostDifferences = 3

    /// Modifiers that give a view an identity of its own or tie it to a transition.
    static let identityModifiers: Set<String> = ["transition", "id", "matchedGeometryEffect"]

    /// The first `.transition(…)`, `.id(…)` or `.matchedGeometryEffect(…)` applied in
    /// `statement`, on the view or on one it holds.
    static func identityModifier(in statement: Node) -> String? { firstModifier(in: statement, among: identityModifiers) }

    /// Modifiers that run code when the view appears or disappears.
    static let lifecycleModifiers: Set<String> = ["onAppear", "onDisappear", "task"]

    /// The first `.onAppear`, `.onDisappear` or `.task` applied in `statement`, on the
    /// view or on one it holds.
    static func lifecycleModifier(in statement: Node) -> String? { firstModifier(in: statement, among: lifecycleModifiers) }

    private static func firstModifier(in statement: Node, among names: Set<String>) -> String? {
        for node in [statement] + statement.descendants(.functionCallExpr) where node.kind == .functionCallExpr {
            guard let call = FunctionCallExpr(node), let access = call.callee.flatMap(MemberAccessExpr.init),
                  access.base != nil, let name = access.name, names.contains(name) else { continue }
            return name
        }
        return nil
    }

    /// A modifier of a `Group` holding `node` that gives its children a transition, an
    /// identity, an animation or code run on appearing: `.transition`, `.id`,
    /// `.matchedGeometryEffect`, `.animation`, `.onAppear`, `.onDisappear`, `.task`, or a
    /// helper named for a transition (`.buttonTransition()`). A modifier on a `Group`
    /// applies to each child, so the two branches' change of identity is animated. Other containers take their
    /// modifiers themselves: the walk stops at the first one.
    static func enclosingTransition(of node: Node) -> String? {
        var current = node.parent
        while let ancestor = current {
            switch ancestor.kind {
            case .functionDecl, .accessorDecl, .variableDecl, .initializerDecl, .subscriptDecl:
                return nil
            case .closureExpr:
                guard let (call, name, _) = callReceiving(ancestor) else { break }
                guard name == "Group" else { return nil }
                // The chain of modifiers applied to the call: `Group { … }.transition(…)`.
                var chain = call.node
                while let access = chain.parent, access.kind == .memberAccessExpr, access.firstChildNode == chain,
                      let applied = access.parent, applied.kind == .functionCallExpr {
                    if let name = MemberAccessExpr(access)?.name,
                       identityModifiers.contains(name) || lifecycleModifiers.contains(name) || name == "animation"
                        || name.lowercased().contains("transition") {
                        return name
                    }
                    chain = applied
                }
            default:
                break
            }
            current = ancestor.parent
        }
        return nil
    }

    /// SwiftUI views that hold no state of their own: toggling between two of them resets nothing.
    /// Calls that make plain values, not views: `Text(NSLocalizedString(…))` builds one view.
    static let plainValues: Set<String> = ["NSLocalizedString", "String", "Int", "Double", "CGFloat", "Float", "Bool",
                                           "URL", "Date", "Character"]

    static let statelessPrimitives: Set<String> = [
        "Text", "Image", "Color", "Label", "Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle",
        "UnevenRoundedRectangle", "ContainerRelativeShape", "Divider", "Spacer", "EmptyView", "ProgressView",
        "VStack", "HStack", "ZStack", "Group",
    ]

    /// SwiftUI views with state of their own (press, focus, editing, expansion, scrolling).
    static let statefulSwiftUIViews: Set<String> = [
        "Button", "Toggle", "TextField", "SecureField", "TextEditor", "Picker", "Slider", "Stepper", "DatePicker",
        "ColorPicker", "Menu", "Link", "NavigationLink", "DisclosureGroup", "ScrollView", "List", "Form", "LazyVStack",
        "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "TabView", "AsyncImage", "ShareLink", "Gauge",
    ]

    enum Statefulness { case stateless, view, unknown(String) }

    /// Whether the view a chain starts from holds state: every type it builds is a
    /// stateless primitive; or it is a SwiftUI control or one of the module's views; or unknown.
    static func statefulness(of base: Node, types: FileTypes) -> Statefulness {
        let rootName: String?
        if let call = FunctionCallExpr(base), base.kind == .functionCallExpr, call.callee?.kind == .identifierExpr {
            rootName = call.calleeName
        } else if base.kind == .identifierExpr, base.firstToken?.text == "Color", base.endTokenIndex == base.firstTokenIndex + 1 {
            rootName = "Color"
        } else {
            rootName = nil
        }
        guard let rootName, rootName.first?.isUppercase == true else {
            return .unknown("`\(singleLineText(base) ?? "the view")` is not a view the rule knows, so it cannot tell whether it holds state")
        }
        let built = ([base] + base.descendants(.functionCallExpr)).compactMap { node -> String? in
            guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), call.callee?.kind == .identifierExpr,
                  let name = call.calleeName, name.first?.isUppercase == true,
                  !ConditionalModifier.plainValues.contains(name) else { return nil }
            return name
        }
        let declaredHere = types.declared[rootName] != nil
            || types.index.declaresType(named: rootName, visibleFrom: TypeResolver.enclosingTypeName(of: base))
        if !declaredHere, built.allSatisfy(statelessPrimitives.contains), base.descendants(.ifExpr).isEmpty {
            return .stateless
        }
        let isModuleView = types.viewNames.contains(rootName)
            || types.index.conformances[rootName].map { !$0.isDisjoint(with: FileTypes.viewProtocols) } == true
        if isModuleView || (!declaredHere && (statefulSwiftUIViews.contains(rootName) || statelessPrimitives.contains(rootName))) {
            return .view
        }
        return .unknown("the rule cannot tell whether `\(rootName)` is a view or what state it holds")
    }

    /// Whether `statement` is built by a view builder: `body`, a `@ViewBuilder` declaration,
    /// `body(content:)` of a modifier, or the content closure of a View.
    static func isViewContent(_ statement: Node) -> Bool {
        var current = statement.parent
        while let node = current {
            switch node.kind {
            case .closureExpr:
                return ClosureExpr(node).map { BuilderContext.of($0).kind == .view } ?? false
            case .variableDecl, .functionDecl, .subscriptDecl:
                if node.children(.attribute).contains(where: { Attribute($0)?.name == "ViewBuilder" }) { return true }
                if let variable = VariableDecl(node), !variable.isStatic,
                   let binding = variable.bindings.first(where: { $0.name == "body" }),
                   binding.type?.text.contains("View") == true {
                    return true
                }
                if let function = FunctionLikeDecl(node), function.name == "body", node.kind == .functionDecl,
                   function.parameters.first?.name == "content" {
                    return true
                }
                return false
            case .sourceFile, .memberBlock:
                return false
            default:
                current = node.parent
            }
        }
        return false
    }
}

// MARK: - The site

/// One argument whose value differs between the branches.
struct ArgumentDifference {
    /// The modifier's name, or the view's (`Image`) for an argument of its initializer.
    let modifier: String
    let isInitializer: Bool
    /// The argument's label, or its position (`#0`) when unlabeled.
    let slot: String
    let then: Node
    let otherwise: Node
}

/// `if c { V.m(a) } else { V.m(b) }`: one expression per branch, the same base view and
/// modifier names, arguments that differ only in value.
struct BranchPair {
    let ifExpr: IfExpr
    let condition: Node
    let thenStatement: Node
    let then: ModifierChain
    let differences: [ArgumentDifference]

    init?(_ node: Node) {
        guard let ifExpr = IfExpr(node), node.parent?.kind != .ifExpr, let elseBlock = ifExpr.elseBranch,
              let otherwiseBlock = CodeBlock(elseBlock), let thenBlock = ifExpr.body,
              ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first,
              condition.ownTokens.isEmpty, condition.childNodes.count == 1, let expression = condition.firstChildNode,
              thenBlock.statements.count == 1, otherwiseBlock.statements.count == 1,
              let thenStatement = thenBlock.statements.first, let otherwiseStatement = otherwiseBlock.statements.first,
              [.functionCallExpr, .memberAccessExpr].contains(thenStatement.kind), thenStatement.kind == otherwiseStatement.kind
        else { return nil }
        let then = ModifierChain(thenStatement), otherwise = ModifierChain(otherwiseStatement)
        guard then.modifiers.count == otherwise.modifiers.count else { return nil }
        var differences: [ArgumentDifference] = []
        if !sameTokens(then.base, otherwise.base) {
            // The same initializer (`Image(systemName: a)`, `Image(systemName: b)`), values apart.
            guard let x = then.baseCall, let y = otherwise.baseCall, let name = x.calleeName, name == y.calleeName,
                  name.first?.isUppercase == true,
                  let found = BranchPair.differences(x, y, name: name, isInitializer: true) else { return nil }
            differences += found
        }
        for (a, b) in zip(then.modifiers, otherwise.modifiers) {
            guard a.name == b.name, (a.call == nil) == (b.call == nil) else { return nil }
            guard let x = a.call, let y = b.call else { continue }
            guard let found = BranchPair.differences(x, y, name: a.name, isInitializer: false) else { return nil }
            differences += found
        }
        guard !differences.isEmpty else { return nil }
        self.ifExpr = ifExpr
        self.condition = expression
        self.thenStatement = thenStatement
        self.then = then
        self.differences = differences
    }

    /// The arguments two calls of one name differ in, or nil when they differ in more
    /// than values (labels, closures, the number of arguments).
    private static func differences(_ x: FunctionCallExpr, _ y: FunctionCallExpr, name: String,
                                    isInitializer: Bool) -> [ArgumentDifference]? {
        guard x.arguments.count == y.arguments.count, x.additionalTrailingClosures.count == y.additionalTrailingClosures.count,
              (x.argumentList == nil) == (y.argumentList == nil), (x.trailingClosure == nil) == (y.trailingClosure == nil)
        else { return nil }
        if let p = x.trailingClosure, let q = y.trailingClosure, !sameTokens(p.node, q.node) { return nil }
        for (p, q) in zip(x.additionalTrailingClosures, y.additionalTrailingClosures) where !sameTokens(p, q) { return nil }
        var found: [ArgumentDifference] = []
        for (position, (p, q)) in zip(x.arguments, y.arguments).enumerated() {
            guard p.label == q.label, let e = p.expression, let f = q.expression else { return nil }
            if sameTokens(e, f) { continue }
            if e.kind == .closureExpr || f.kind == .closureExpr { return nil }
            found.append(ArgumentDifference(modifier: name, isInitializer: isInitializer, slot: p.label ?? "#\(position)",
                                            then: e, otherwise: f))
        }
        return found
    }

    var viewName: String {
        if let call = then.baseCall, let name = call.calleeName { return name }
        return singleLineText(then.base).map { $0.count > 30 ? String($0.prefix(29)) + "…" : $0 } ?? "the view"
    }

    /// "the argument of `.fill`", "the arguments of `.font` and `.opacity`".
    var differenceSummary: String {
        var names: [String] = []
        for difference in differences {
            let name = difference.isInitializer ? "`\(difference.modifier)(…)`" : "`.\(difference.modifier)`"
            if !names.contains(name) { names.append(name) }
        }
        let listed = names
        let joined = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + listed[listed.count - 1]
        return (differences.count == 1 ? "the argument of " : "the arguments of ") + joined
    }
}
