// Which argument values of conditional-modifier's branches are provably of one type, and
// how two of them merge into one: split from ConditionalModifier.swift, which finds the sites.
import Codemod
import SwiftCST

// MARK: - Values of one type

/// What a value written in the source is, as far as its type goes.
enum ValueKind: Equatable {
    case integer, float, string, boolean(Bool), nilLiteral
    /// `.red`, `.system(size: 3)`: a member of the parameter's type.
    case implicitMember(String)
    /// `Color.red`: a member of a named type.
    case typeMember(type: String, member: String)
    /// A name or a chain of names (`accent`, `theme.accent`).
    case reference
    /// A `String` value that is no literal: `NSLocalizedString("KEY", comment: "")`,
    /// `String(localized: "Key")`. A ternary of two is a `String` too, as each is alone.
    case stringValue
    case other

    /// `NSLocalizedString(…)` or `String(localized: …)`, both of type `String`.
    static func isLocalizedStringCall(_ node: Node) -> Bool {
        guard let call = FunctionCallExpr(node), let callee = call.callee, callee.kind == .identifierExpr else { return false }
        switch callee.text {
        case "NSLocalizedString": return true
        case "String": return call.arguments.first?.label == "localized"
        default: return false
        }
    }

    init(_ node: Node) {
        switch node.kind {
        case .integerLiteralExpr: self = .integer
        case .floatLiteralExpr: self = .float
        case .stringLiteralExpr: self = .string
        case .booleanLiteralExpr: self = .boolean(node.firstToken?.text == "true")
        case .nilLiteralExpr: self = .nilLiteral
        case .prefixOperatorExpr:
            let operand = node.firstChildNode
            if node.firstToken?.text == "-", let operand, [.integerLiteralExpr, .floatLiteralExpr].contains(operand.kind) {
                self = operand.kind == .integerLiteralExpr ? .integer : .float
            } else {
                self = .other
            }
        case .functionCallExpr where ValueKind.isLocalizedStringCall(node):
            self = .stringValue
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
struct ParameterFacts {
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
enum StyleType {
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
            if call.callee?.kind == .identifierExpr, call.calleeNameIs("Color") { return "Color" }
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
enum ValuePair {
    /// The merged value; `ternary` its parts when it is a ternary, for breaking it.
    case merged(String, platforms: [Platform: Version], ternary: Ternary? = nil)
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
        func ternary(_ p: String, _ q: String) -> Ternary {
            if let negation = PrefixNegation(condition) { return Ternary(condition: negation.operandText, then: q, otherwise: p) }
            return Ternary(condition: wrappedCondition, then: p, otherwise: q)
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
        let parts = ternary(operand(a, aText), operand(b, bText))
        let plain = ValuePair.merged(parts.text, platforms: [:], ternary: parts)
        if facts.shapeStyle {
            guard let p = StyleType.of(a), let q = StyleType.of(b) else {
                return .withheld("\(slot) is a generic `ShapeStyle`, and the rule cannot tell the type of `\(StyleType.of(a) == nil ? aText : bText)`")
            }
            if p == q { return plain }
            // One view whose `AnyShapeStyle` switches between two unrelated styles cannot
            // interpolate them: it snaps, where the two branches cross-fade when animated.
            return .withheld("\(slot) takes a `\(p)` and a `\(q)`: one view with `AnyShapeStyle` would snap between them where two views cross-fade")
        }
        if facts.colors, StyleType.of(a) == "Color", StyleType.of(b) == "Color" { return plain }
        switch (x, y) {
        case (.integer, .integer), (.float, .float):
            return plain
        case (.stringValue, .stringValue):
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

extension ArgumentDifference {
    /// Whether the two values are of two types: made by initializers of two differently
    /// named types (`BigShadow()`, `SmallShadow()`), or two styles of a style modifier
    /// (`.plain`, `.bordered`). No one value holds both.
    var buildsTwoTypes: Bool {
        func typeName(_ value: Node) -> String? {
            guard var callee = FunctionCallExpr(value)?.callee else { return nil }
            if callee.kind == .genericSpecializationExpr, let base = callee.firstChildNode { callee = base }
            guard callee.kind == .identifierExpr, let name = callee.firstToken?.text, name.first?.isUppercase == true else { return nil }
            return name
        }
        if let a = typeName(then), let b = typeName(otherwise) { return a != b }
        // `.overlay(Image(…))` and `.overlay(Circle().stroke(…))`: two views, each a type of
        // its own (a modifier makes a new type), that a parameter generic over `View`
        // takes as they are. A parameter of one concrete type converts them to it.
        let facts = (isInitializer ? ParameterFacts.initializers : ParameterFacts.known)[modifier]?[slot]
        if facts?.oneType != true, StyleType.of(then) == nil || StyleType.of(otherwise) == nil,
           let a = viewShape(then), let b = viewShape(otherwise), a != b {
            return true
        }
        // `.buttonStyle(.primary)` and `.buttonStyle(.secondary)`: each style is a type of
        // its own (`PlainButtonStyle`, `BorderedButtonStyle`), as style modifiers take them.
        if ArgumentDifference.styleProtocolModifiers.contains(modifier), !isInitializer,
           case .implicitMember(let p) = ValueKind(then), case .implicitMember(let q) = ValueKind(otherwise) {
            return p != q
        }
        return false
    }

    /// `Circle().stroke(…)` as the type it builds from and the modifiers applied to it,
    /// `["Circle", "stroke"]`; nil when the chain does not start from an initializer.
    private func viewShape(_ value: Node) -> [String]? {
        let chain = ModifierChain(value)
        guard var callee = FunctionCallExpr(chain.base)?.callee, chain.base.kind == .functionCallExpr else { return nil }
        if callee.kind == .genericSpecializationExpr, let base = callee.firstChildNode { callee = base }
        guard callee.kind == .identifierExpr, let name = callee.firstToken?.text, name.first?.isUppercase == true else { return nil }
        return [name] + chain.modifiers.map(\.name)
    }

    /// Modifiers that take a style protocol's conforming type (`some ButtonStyle`).
    static let styleProtocolModifiers: Set<String> = [
        "buttonStyle", "toggleStyle", "listStyle", "pickerStyle", "textFieldStyle", "labelStyle", "progressViewStyle",
        "datePickerStyle", "menuStyle", "tabViewStyle", "navigationViewStyle", "gaugeStyle", "indexViewStyle",
        "groupBoxStyle", "controlGroupStyle", "formStyle", "navigationSplitViewStyle", "disclosureGroupStyle",
        "labeledContentStyle", "menuButtonStyle", "windowStyle", "windowToolbarStyle", "presentedWindowStyle",
        "textEditorStyle",
    ]
}

/// `c ? a : b` as its three operands, written on one line or broken before `?` (and `:`)
/// when the line would run wider than the file's.
struct Ternary {
    let condition: String
    let then: String
    let otherwise: String

    var text: String { "\(condition) ? \(then) : \(otherwise)" }

    /// The ternary broken after its condition: `? a : b` on the next line at `indentation`,
    /// or, with `eachBranch`, `? a` and `: b` on a line each.
    func broken(indentation: String, lineEnding: String, eachBranch: Bool) -> String {
        let next = lineEnding + indentation
        return condition + next + "? " + then + (eachBranch ? next : " ") + ": " + otherwise
    }
}

/// `!x`: the operand of a prefix `!`.
struct PrefixNegation {
    let operandText: String
    init?(_ node: Node) {
        guard node.kind == .prefixOperatorExpr, node.firstToken?.text == "!", let operand = node.firstChildNode,
              let text = singleLineText(operand) else { return nil }
        operandText = text
    }
}
