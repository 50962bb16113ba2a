// Rule `conditional-modifier`: `if c { V.m(a) } else { V.m(b) }` gives one view two
// structural identities; `V.m(c ? a : b)` keeps one and lets SwiftUI diff the value.
import Codemod
import SwiftCST

/// Rule `conditional-modifier`; `documentation` below is its one description (RULES.md, `explain`).
public struct ConditionalModifier: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is an `if` with an `else`.
    public func mayFind(in bytes: [UInt8]) -> Bool { containsAny(bytes, of: ["else"]) }

    public let id = "conditional-modifier"
    /// `AnyShapeStyle` is iOS 15, macOS 12, tvOS 15, watchOS 8.
    static let anyShapeStylePlatforms: [Platform: Version] = [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15),
                                                              .watchOS: Version(8), .visionOS: Version(1)]
    public let platformNeeds = [PlatformNeed(fix: "`AnyShapeStyle(…)` for styles of two types",
                                             platforms: ConditionalModifier.anyShapeStylePlatforms)]
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
        or one it holds has `.transition`, `.id` or `.matchedGeometryEffect` (which make the \
        two identities deliberate), and when the two values are not provably of one type: \
        they must be literals of one kind, members of one type (`Color.red`, `Color.blue`), \
        or, where the parameter takes one concrete type (`.foregroundColor`, `.font`, \
        `.opacity`, `.frame`, `.padding`, …), any two literals, members or names \
        (`theme.accent`). An integer and a decimal literal are one type only for a \
        floating-point parameter (`.opacity(1)` and `.opacity(0.5)`), not for a generic one \
        (`.tag(1)` and `.tag(1.5)`). Two string literals merge only where the parameter is a \
        plain `String` (`Image(systemName:)`): elsewhere (`Text("On")`, `.navigationTitle`) a \
        ternary of strings may choose the unlocalized `String` overload. A `ShapeStyle` \
        parameter (`.foregroundStyle`, `.fill`, `.background`) takes `.red` (a `Color`) and `.secondary` (a \
        `HierarchicalShapeStyle`): two known styles of different types are wrapped, \
        `c ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary)` (iOS 15, macOS 12; the bare \
        `c ? .red : .secondary` would compile, but as `Color.secondary`, another style), and \
        an unknown one withholds the fix. With more than one differing argument the condition is \
        repeated, so it must not call anything, and at most three arguments may differ. The fix \
        is also withheld when it would delete a comment. A withheld finding whose branches \
        differ only in the view's own arguments (`Text("On")`, `Text("Off")`) is a note.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        let types = FileTypes(tree, index: index)
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        for node in tree.root.descendants(.ifExpr) {
            guard let site = BranchPair(node), ConditionalModifier.isViewContent(node) else { continue }
            let viewName = site.viewName
            let message = "`if`/`else` builds `\(viewName)` twice with two identities, differing only in \(site.differenceSummary); "
                + "use one view with a ternary"
            var reason: String? = nil
            var safety = FixSafety.safe
            var platforms: [Platform: Version] = [:]
            var values: [(range: Range<Int>, text: String)] = []
            if let identity = ConditionalModifier.identityModifier(in: site.thenStatement) {
                reason = "the view has `.\(identity)`, which makes its two identities deliberate"
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
                    case .merged(let text, let needs):
                        values.append((difference.then.trimmedRange, text))
                        platforms.merge(needs) { max($0, $1) }
                    case .withheld(let why):
                        reason = why
                    }
                    if reason != nil { break }
                }
            }
            var fix: Fix? = nil
            if reason == nil {
                let candidate = Fix(edits: [site.edit(values: values, layout: layout)], safety: safety,
                                    summary: safety == .safe ? "one view with a ternary argument"
                                        : "one view with a ternary argument; toggling the condition no longer resets the view's state",
                                    platforms: platforms)
                if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
            }
            let range = node.trimmedRange.lowerBound..<(site.ifExpr.body?.leftBrace?.textRange.upperBound ?? node.trimmedRange.upperBound)
            if let fix {
                let note = safety == .safe ? "" : " (toggling the condition no longer resets the state of `\(viewName)`)"
                findings.append(Finding(range: range, message: message + note, fix: fix))
            } else {
                // Two texts or images of different content are a smaller cost than a modifier
                // toggled by rebuilding the view: a note, when the rule cannot merge them.
                let onlyContent = site.differences.allSatisfy(\.isInitializer)
                findings.append(Finding(range: range, message: message + " (\(reason ?? ""); merge them by hand)",
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
    static func identityModifier(in statement: Node) -> String? {
        for node in [statement] + statement.descendants(.functionCallExpr) where node.kind == .functionCallExpr {
            guard let call = FunctionCallExpr(node), let access = call.callee.flatMap(MemberAccessExpr.init),
                  access.base != nil, let name = access.name, identityModifiers.contains(name) else { continue }
            return name
        }
        return nil
    }

    /// SwiftUI views that hold no state of their own: toggling between two of them resets nothing.
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
                  let name = call.calleeName, name.first?.isUppercase == true else { return nil }
            return name
        }
        let declaredHere = types.declared[rootName] != nil || types.index.declaredTypes.contains { FileTypes.lastComponent($0) == rootName }
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
private struct BranchPair {
    let ifExpr: IfExpr
    let condition: Node
    let thenStatement: Node
    let then: ModifierChain
    let differences: [ArgumentDifference]

    init?(_ node: Node) {
        guard let ifExpr = IfExpr(node), node.parent?.kind != .ifExpr, let elseBlock = ifExpr.elseBranch,
              let otherwiseBlock = CodeBlock(elseBlock), let thenBlock = ifExpr.body,
              ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first,
              condition.ownTokens.isEmpty, condition.childNodes.count == 1, let expression = condition.childNodes.first,
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

    /// The whole `if … else { … }` replaced by the first branch's expression with each
    /// differing value replaced, its lines moved out by the level the `if` added.
    func edit(values: [(range: Range<Int>, text: String)], layout: SourceLayout) -> Edit {
        let statement = thenStatement.trimmedRange
        var bytes = Array(layout.bytes[statement])
        for value in values.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            let local = (value.range.lowerBound - statement.lowerBound)..<(value.range.upperBound - statement.lowerBound)
            bytes.replaceSubrange(local, with: Array(value.text.utf8))
        }
        let from = layout.indentation(ofLineAt: statement.lowerBound)
        let to = layout.indentation(ofLineAt: ifExpr.node.trimmedRange.lowerBound)
        let hasMultilineString = thenStatement.descendants(.stringLiteralExpr).contains { $0.firstToken?.text.contains("\"\"\"") == true }
        var text = String(decoding: bytes, as: UTF8.self)
        if from.hasPrefix(to), from != to, !hasMultilineString, layout.isFirstOnLine(statement.lowerBound) {
            text = BranchPair.reindent(text, from: from, to: to)
        }
        return Edit(range: ifExpr.node.trimmedRange, replacement: text)
    }

    /// Every line after the first that starts with `from` starts with `to` instead.
    private static func reindent(_ text: String, from: String, to: String) -> String {
        var lines: [Substring] = []
        var rest = Substring(text)
        while let breakIndex = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            lines.append(rest[..<breakIndex])
            lines.append(rest[breakIndex...breakIndex])
            rest = rest[rest.index(after: breakIndex)...]
        }
        lines.append(rest)
        var out = ""
        for (position, line) in lines.enumerated() {
            if position > 0, position % 2 == 0, line.hasPrefix(from) {
                out += to + line.dropFirst(from.count)
            } else {
                out += line
            }
        }
        return out
    }
}

// MARK: - Values of one type

/// What a value written in the source is, as far as its type goes.
private enum ValueKind: Equatable {
    case integer, float, string, boolean(Bool), nilLiteral
    /// `.red`, `.system(size: 3)`: a member of the parameter's type.
    case implicitMember(String)
    /// `Color.red`: a member of a named type.
    case typeMember(type: String, member: String)
    /// A name or a chain of names (`accent`, `theme.accent`).
    case reference
    case other

    init(_ node: Node) {
        switch node.kind {
        case .integerLiteralExpr: self = .integer
        case .floatLiteralExpr: self = .float
        case .stringLiteralExpr: self = .string
        case .booleanLiteralExpr: self = .boolean(node.firstToken?.text == "true")
        case .nilLiteralExpr: self = .nilLiteral
        case .prefixOperatorExpr:
            let operand = node.childNodes.first
            if node.firstToken?.text == "-", let operand, [.integerLiteralExpr, .floatLiteralExpr].contains(operand.kind) {
                self = operand.kind == .integerLiteralExpr ? .integer : .float
            } else {
                self = .other
            }
        case .memberAccessExpr, .functionCallExpr:
            let access = node.kind == .memberAccessExpr ? MemberAccessExpr(node)
                : FunctionCallExpr(node)?.callee.flatMap(MemberAccessExpr.init)
            guard let access, let name = access.name else { self = .other; return }
            if access.base == nil {
                self = .implicitMember(name)
            } else if let base = access.base, base.kind == .identifierExpr, let type = base.firstToken?.text,
                      base.endTokenIndex == base.firstTokenIndex + 1, type.first?.isUppercase == true {
                self = .typeMember(type: type, member: name)
            } else if node.kind == .memberAccessExpr, isStableReference(node) {
                self = .reference
            } else {
                self = .other
            }
        case .identifierExpr:
            self = isStableReference(node) ? .reference : .other
        default:
            self = .other
        }
    }
}

/// What a modifier's parameter takes, for the modifiers the rule knows.
private struct ParameterFacts {
    /// One concrete type across the modifier's overloads: any two values that each type-check
    /// against it type-check as one ternary.
    var oneType = false
    /// A floating-point type: integer and decimal literals meet in it.
    var floating = false
    var optional = false
    /// A generic `ShapeStyle`.
    var shapeStyle = false
    /// `Edge.Set` members meet with lengths here (`.padding(.horizontal)`, `.padding(8)`).
    var edgeSetOrLength = false
    /// A `Color?` with a generic `ShapeStyle` overload beside it (`.tint`): two colors meet.
    var colors = false
    /// A plain `String` with no localized overload (`Image(systemName:)`): two strings meet.
    var plainString = false

    static let concrete = ParameterFacts(oneType: true)
    static let concreteOptional = ParameterFacts(oneType: true, optional: true)
    static let length = ParameterFacts(oneType: true, floating: true)
    static let optionalLength = ParameterFacts(oneType: true, floating: true, optional: true)
    static let style = ParameterFacts(shapeStyle: true)

    static let string = ParameterFacts(oneType: true, plainString: true)

    /// By view initializer and slot.
    static let initializers: [String: [String: ParameterFacts]] = [
        "Image": ["systemName": .string, "#0": ParameterFacts(plainString: true)], "Label": ["systemImage": .string, "image": .string],
        "RoundedRectangle": ["cornerRadius": .length], "Color": ["red": .length, "green": .length, "blue": .length,
                                                                "white": .length, "opacity": .length],
        "Spacer": ["minLength": .optionalLength], "Divider": [:],
    ]

    /// By modifier and slot (label, or `#position` when unlabeled).
    static let known: [String: [String: ParameterFacts]] = [
        "font": ["#0": .concreteOptional], "fontWeight": ["#0": .concreteOptional], "fontDesign": ["#0": .concreteOptional],
        "foregroundColor": ["#0": .concreteOptional], "opacity": ["#0": .length], "zIndex": ["#0": .length],
        "cornerRadius": ["#0": .length], "lineSpacing": ["#0": .length], "kerning": ["#0": .length], "tracking": ["#0": .length],
        "minimumScaleFactor": ["#0": .length], "blur": ["radius": .length], "brightness": ["#0": .length],
        "saturation": ["#0": .length], "contrast": ["#0": .length], "grayscale": ["#0": .length],
        "shadow": ["radius": .length, "x": .length, "y": .length, "color": .concrete],
        "offset": ["x": .length, "y": .length], "scaleEffect": ["#0": ParameterFacts(floating: true)],
        "frame": ["width": .optionalLength, "height": .optionalLength, "minWidth": .optionalLength,
                  "idealWidth": .optionalLength, "maxWidth": .optionalLength, "minHeight": .optionalLength,
                  "idealHeight": .optionalLength, "maxHeight": .optionalLength, "alignment": .concrete],
        "padding": ["#0": ParameterFacts(floating: true, edgeSetOrLength: true), "#1": .optionalLength],
        "lineLimit": ["#0": ParameterFacts(optional: true)], "disabled": ["#0": .concrete], "bold": ["#0": .concrete],
        "italic": ["#0": .concrete], "multilineTextAlignment": ["#0": .concrete], "imageScale": ["#0": .concrete],
        "truncationMode": ["#0": .concrete], "textCase": ["#0": .concreteOptional], "rotationEffect": ["#0": .concrete],
        "animation": ["#0": .concreteOptional], "symbolVariant": ["#0": .concrete], "controlSize": ["#0": .concrete],
        "foregroundStyle": ["#0": .style], "fill": ["#0": .style], "stroke": ["#0": .style, "lineWidth": .length],
        "strokeBorder": ["#0": .style, "lineWidth": .length], "background": ["#0": .style],
        "border": ["#0": .style, "width": .length], "tint": ["#0": ParameterFacts(colors: true)],
        "accentColor": ["#0": ParameterFacts(colors: true)],
    ]
}

/// Which `ShapeStyle` type a value is, when the rule knows it.
private enum StyleType {
    static let colors: Set<String> = ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple",
                                      "pink", "brown", "white", "gray", "black", "clear"]
    static let byMember: [String: String] = [
        "primary": "HierarchicalShapeStyle", "secondary": "HierarchicalShapeStyle", "tertiary": "HierarchicalShapeStyle",
        "quaternary": "HierarchicalShapeStyle", "quinary": "HierarchicalShapeStyle",
        "ultraThinMaterial": "Material", "thinMaterial": "Material", "regularMaterial": "Material",
        "thickMaterial": "Material", "ultraThickMaterial": "Material", "bar": "Material",
        "tint": "TintShapeStyle", "foreground": "ForegroundStyle", "background": "BackgroundStyle",
        "separator": "SeparatorShapeStyle", "selection": "SelectionShapeStyle", "link": "LinkShapeStyle",
        "placeholder": "PlaceholderTextShapeStyle", "windowBackground": "WindowBackgroundShapeStyle",
    ]

    /// `.red`, `Color.red`, `Color(…)`, `.red.opacity(0.5)`: the style's type name.
    static func of(_ node: Node) -> String? {
        if let call = FunctionCallExpr(node), node.kind == .functionCallExpr {
            if call.callee?.kind == .identifierExpr, call.calleeName == "Color" { return "Color" }
            if let access = call.callee.flatMap(MemberAccessExpr.init), access.name == "opacity", let base = access.base,
               of(base) == "Color" {
                return "Color"
            }
            return nil
        }
        guard node.kind == .memberAccessExpr, let access = MemberAccessExpr(node), let name = access.name else { return nil }
        guard let base = access.base else {
            if colors.contains(name) { return "Color" }
            return byMember[name]
        }
        if base.kind == .identifierExpr, base.textEquals("Color"), name.first?.isLowercase == true { return "Color" }
        return nil
    }
}

/// The merged value of one difference, or why it cannot be merged.
private enum ValuePair {
    case merged(String, platforms: [Platform: Version])
    case withheld(String)

    static func merge(_ difference: ArgumentDifference, condition: Node) -> ValuePair {
        let facts = (difference.isInitializer ? ParameterFacts.initializers : ParameterFacts.known)[difference.modifier]?[difference.slot]
            ?? ParameterFacts()
        let a = difference.then, b = difference.otherwise
        let call = difference.isInitializer ? "`\(difference.modifier)(…)`" : "`.\(difference.modifier)`"
        let slot = difference.slot.hasPrefix("#") ? "the first argument of \(call)" : "`\(difference.slot):` of \(call)"
        for value in [a, b] where [.tryExpr, .awaitExpr].contains(value.kind) || value.descendants(.closureExpr).first != nil {
            return .withheld("\(slot) is `\(singleLineText(value) ?? "…")`, which a ternary cannot hold as written")
        }
        guard let conditionText = singleLineText(condition), let aText = singleLineText(a), let bText = singleLineText(b) else {
            return .withheld("the condition or a value spans lines with comments")
        }
        let x = ValueKind(a), y = ValueKind(b)
        let wrappedCondition = Precedence.needsParenthesesInTernary(condition) ? "(\(conditionText))" : conditionText
        // `!c ? a : b` reads better as `c ? b : a`.
        func ternary(_ p: String, _ q: String) -> String {
            if let negation = PrefixNegation(condition) { return "\(negation.operandText) ? \(q) : \(p)" }
            return "\(wrappedCondition) ? \(p) : \(q)"
        }
        func operand(_ node: Node, _ text: String) -> String { Precedence.needsParenthesesInTernary(node) ? "(\(text))" : text }
        // `true`/`false`: the condition itself.
        if case .boolean(let p) = x, case .boolean(let q) = y {
            if p && !q { return .merged(conditionText, platforms: [:]) }
            if !p && q {
                if let prefix = PrefixNegation(condition) { return .merged(prefix.operandText, platforms: [:]) }
                return .merged(Precedence.needsParenthesesAsBase(condition) ? "!(\(conditionText))" : "!\(conditionText)", platforms: [:])
            }
        }
        let plain = ValuePair.merged(ternary(operand(a, aText), operand(b, bText)), platforms: [:])
        if facts.shapeStyle {
            guard let p = StyleType.of(a), let q = StyleType.of(b) else {
                return .withheld("\(slot) is a generic `ShapeStyle`, and the rule cannot tell the type of `\(StyleType.of(a) == nil ? aText : bText)`")
            }
            if p == q { return plain }
            return .merged(ternary("AnyShapeStyle(\(aText))", "AnyShapeStyle(\(bText))"), platforms: ConditionalModifier.anyShapeStylePlatforms)
        }
        if facts.colors, StyleType.of(a) == "Color", StyleType.of(b) == "Color" { return plain }
        switch (x, y) {
        case (.integer, .integer), (.float, .float):
            return plain
        case (.string, .string):
            if facts.plainString { return plain }
            return .withheld("\(slot) takes two strings, and a ternary of strings may pick another overload than each string alone (a `LocalizedStringKey` would become a `String`, unlocalized)")
        case (.integer, .float), (.float, .integer):
            if facts.floating { return plain }
        case (.typeMember(let p, let m), .typeMember(let q, let n)) where p == q:
            if facts.oneType || (p == "Color" && StyleType.colors.contains(m) && StyleType.colors.contains(n)) { return plain }
        case (.nilLiteral, _), (_, .nilLiteral):
            if facts.oneType && facts.optional && x != .other && y != .other { return plain }
        case (.implicitMember(let m), .implicitMember(let n)) where facts.edgeSetOrLength:
            let edges: Set<String> = ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"]
            if edges.contains(m) && edges.contains(n) { return plain }
        default:
            if facts.oneType && x != .other && y != .other { return plain }
        }
        return .withheld("\(slot) takes `\(aText)` and `\(bText)`, which the rule cannot prove to be of one type")
    }
}

/// `!x`: the operand of a prefix `!`.
private struct PrefixNegation {
    let operandText: String
    init?(_ node: Node) {
        guard node.kind == .prefixOperatorExpr, node.firstToken?.text == "!", let operand = node.childNodes.first,
              let text = singleLineText(operand) else { return nil }
        operandText = text
    }
}
