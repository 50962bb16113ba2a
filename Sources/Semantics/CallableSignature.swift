// The closure parameters of the module's functions and initializers, kept in the index so
// that a rule can tell from the declaration whether a closure passed to it builds content or
// runs later as an action (`Row(item:) { load() }`, a custom `.onFirstAppear { … }`).
import SwiftCST

/// When a closure passed to a parameter runs, as its declaration says.
public enum ClosureParameterRole: Sendable, Equatable {
    /// View content: a builder, or a closure returning a View; runs when the view renders.
    case render
    /// Run later, on an event: an escaping closure returning `Void`, or an `async` one.
    case action
    /// Not escaping: runs during the call (or not at all), so it takes the caller's role.
    case immediate
    /// Escaping and returning another value: the declaration does not say when it runs.
    case unknown
}

/// One parameter of a callable the index recorded: its argument label (`_` when none) and,
/// when it takes a closure, that closure's role.
public struct CallableParameter: Sendable, Equatable {
    public var label: String
    /// Nil when the parameter does not take a closure.
    public var role: ClosureParameterRole?
}

/// A function or initializer of the module with a closure (or possibly closure) parameter.
public struct ModuleCallable: Sendable {
    /// The qualified type or extended type that declares it; empty at file scope.
    public var owner: String
    /// The function's name, `init` for an initializer (the memberwise one included).
    public var name: String
    public var parameters: [CallableParameter]

    public init(owner: String, name: String, parameters: [CallableParameter]) {
        self.owner = owner
        self.name = name
        self.parameters = parameters
    }
}

/// How a callable's parameters are written into the index's property table. They travel
/// under keys no type has, one per name (`()name`, and `()init Type` for a type's
/// initializers), so that a call finds its declarations with one lookup, and the index's
/// cache, snapshots and folds carry them exactly as they carry property types. Within a
/// key, an entry is `Owner name(label:…)` → the parameters' text.
public enum CallableSignature {
    /// The protocols whose conformers and extensions take view content and actions.
    static let viewProtocols: Set<String> = ["View", "SwiftUI.View", "ViewModifier", "SwiftUI.ViewModifier"]

    /// The property-table key of the callables named `name` (not `init`).
    public static func key(named name: String) -> String { "()" + name }

    /// The property-table key of the initializers of types whose last name component is `type`.
    public static func initializersKey(of type: String) -> String { "()init " + type }

    /// The property-table key and entry of `signature` (`name(label:…)`) declared in `owner`.
    static func place(of signature: String, owner: String) -> (key: String, entry: String) {
        let name = signature.prefix { $0 != "(" }
        let key = name == "init" ? initializersKey(of: String(owner.split(separator: ".").last ?? Substring(owner)))
            : self.key(named: String(name))
        return (key, owner + " " + signature)
    }

    /// The owner and name of an entry.
    public static func ownerAndName(ofEntry entry: String) -> (owner: String, name: String) {
        let space = entry.firstIndex(of: " ") ?? entry.startIndex
        let owner = String(entry[..<space])
        let signature = space < entry.endIndex ? entry[entry.index(after: space)...] : entry[...]
        return (owner, String(signature.prefix { $0 != "(" }))
    }

    /// `name(label:label:)` and the parameters' text for `function`, when a parameter may
    /// take a closure; nil otherwise (most functions, which the index need not keep).
    /// `namedTypes`: whether a parameter of a plain named type may be kept too (a typealias
    /// of a closure, as views declare `let onTap: Action`); asked only of views'
    /// initializers, where it matters, so that the index keeps few callables.
    static func of(_ function: FunctionLikeDecl, viewGenerics: Set<String>, namedTypes: Bool) -> (String, String)? {
        guard function.node.kind == .initializerDecl || function.node.kind == .functionDecl,
              let clause = function.signature?.child(.parameterClause) else { return nil }
        // Most functions take no closure: told from the parameters' tokens (an arrow, an
        // attribute; for a view, any parameter at all), before any text is made.
        if namedTypes {
            guard clause.endTokenIndex - clause.firstTokenIndex > 2 else { return nil }  // `()`
        } else {
            let tree = clause.tree
            let mayTake = (clause.firstTokenIndex..<clause.endTokenIndex).contains { index in
                let kind = tree.tokens[index].kind
                return kind == .arrow || kind == .at
            }
            guard mayTake else { return nil }
        }
        guard var name = function.name else { return nil }
        // `` func `if`(…) `` is called as `.if(…)`.
        if name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") { name = String(name.dropFirst().dropLast()) }
        var generics = viewGenerics
        if function.genericParameterClause != nil || function.node.child(.genericWhereClause) != nil {
            generics.formUnion(self.viewGenerics(of: function.node))
        }
        let parameters = function.parameters.map { parameter -> (String, Bool, String) in
            let builder = parameter.node.children(.attribute).contains { Attribute($0)?.name.hasSuffix("Builder") == true }
            return (parameter.label ?? "_", builder, parameter.type.map(TypeResolver.typeText(of:)) ?? "")
        }
        return encode(name: name, parameters, generics: generics, namedTypes: namedTypes)
    }

    /// The memberwise initializer of a struct whose `members` declare no initializer: its
    /// stored properties in order (a `let` with a value is not a parameter).
    static func memberwise(of members: [Node], viewGenerics: Set<String>, namedTypes: Bool) -> (String, String)? {
        guard !members.contains(where: { $0.kind == .initializerDecl }) else { return nil }
        // A model's memberwise initializer takes closures only where a stored property's
        // declaration holds an arrow or an attribute: told from the tokens first.
        if !namedTypes {
            // Only the stored properties' type annotations and attributes are read: a
            // computed `body` can be most of a view's tokens.
            let mayTake = members.contains { member in
                guard let variable = VariableDecl(member), !variable.isStatic else { return false }
                if variable.modifiers.attributes.contains(where: { $0.name.hasSuffix("Builder") }) { return true }
                return variable.bindings.contains { binding in
                    guard !binding.isComputed, let type = binding.type else { return false }
                    let tree = type.tree
                    return (type.firstTokenIndex..<type.endTokenIndex).contains { tree.tokens[$0].kind == .arrow }
                }
            }
            guard mayTake else { return nil }
        }
        var parameters: [(String, Bool, String)] = []
        for member in members {
            guard let variable = VariableDecl(member), !variable.isStatic else { continue }
            let builder = variable.modifiers.attributes.contains { $0.name.hasSuffix("Builder") }
            for binding in variable.bindings {
                guard let name = binding.name, !binding.isComputed, !(variable.isLet && binding.initializer != nil) else { continue }
                // A stored closure property is escaping; a builder property takes its closure.
                var type = binding.type.map(TypeResolver.typeText(of:)) ?? ""
                if hasArrow(type) && !type.hasPrefix("@escaping") { type = "@escaping" + type }
                if builder { type = "@escaping()->" + type }
                parameters.append((name, builder, type))
            }
        }
        return encode(name: "init", parameters, generics: viewGenerics, namedTypes: namedTypes)
    }

    /// The generic parameters of a declaration constrained to `View` (`<Content: View>`,
    /// `where Label: View`).
    static func viewGenerics(of declaration: Node) -> Set<String> {
        var names = Set<String>()
        for clause in declaration.childNodes where clause.kind == .genericParameterClause || clause.kind == .genericWhereClause {
            for requirement in clause.childNodes where requirement.kind == .genericParameter || requirement.kind == .genericRequirement {
                let words = (requirement.firstTokenIndex..<requirement.endTokenIndex).map { requirement.tree.token(at: $0).text }
                if words.count >= 3, words[1] == ":", words[2...].contains(where: { $0 == "View" }) { names.insert(words[0]) }
            }
        }
        return names
    }

    /// The text kept for one callable, or nil when none of its parameters may take a closure.
    private static func encode(name: String, _ parameters: [(label: String, builder: Bool, type: String)],
                               generics: Set<String>, namedTypes: Bool) -> (String, String)? {
        guard parameters.contains(where: { $0.builder || mayTakeClosure($0.type, generics: generics, namedTypes: namedTypes) })
        else { return nil }
        var signature = name + "("
        var text = ""
        for (number, parameter) in parameters.enumerated() {
            signature += parameter.label
            signature += ":"
            if number > 0 { text += ";" }
            text += parameter.label
            text += parameter.builder ? "=B" : "=-"
            text += parameter.type
        }
        signature += ")"
        if !generics.isEmpty { text += "|" + generics.sorted().joined(separator: ",") }
        return (signature, text)
    }

    /// Whether `type` holds `->`, read by its bytes (Foundation's `contains` of a string
    /// costs more than the rest of recording a callable).
    static func hasArrow(_ type: String) -> Bool {
        var previous: UInt8 = 0
        for byte in type.utf8 {
            if previous == UInt8(ascii: "-") && byte == UInt8(ascii: ">") { return true }
            previous = byte
        }
        return false
    }

    /// Whether a parameter of this type may take a closure: a function type, or a plain
    /// name that may be a typealias of one (not a generic parameter, not a common value).
    private static func mayTakeClosure(_ type: String, generics: Set<String>, namedTypes: Bool) -> Bool {
        if hasArrow(type) { return true }
        guard namedTypes else { return false }
        var name = Substring(type)
        if name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        guard let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
              name.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7a) || $0 == 0x5f }) else {
            return false
        }
        return !generics.contains(String(name)) && !commonValueTypes.contains(String(name))
    }

    /// Types the index knows are not functions, so that callables taking only these are not kept.
    private static let commonValueTypes: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "CGFloat", "Date", "URL", "UUID", "Data", "Color", "Image", "Text",
        "LocalizedStringKey", "CGSize", "CGPoint", "CGRect", "Edge", "Alignment", "Font", "TimeInterval", "Character",
        "AnyView", "Any", "AnyObject", "Void", "Never", "Self", "EdgeInsets", "Angle", "UnitPoint",
    ]

    /// The parameters of a callable's stored text, each closure given its role; typealiases
    /// of function types are looked up in `typealiases`, and a return type that conforms to
    /// View by `returnsView`.
    public static func decode(_ text: String, typealiases: [String: String],
                              returnsView: (String) -> Bool) -> [CallableParameter] {
        let parts = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let generics = parts.count > 1 ? Set(parts[1].split(separator: ",").map(String.init)) : []
        return parameterTypes(text).map { parameter in
            guard let type = parameter.type else { return CallableParameter(label: parameter.label, role: nil) }
            let role = parameter.isBuilder ? .render
                : role(ofType: type, generics: generics, typealiases: typealiases, returnsView: returnsView)
            return CallableParameter(label: parameter.label, role: role)
        }
    }

    /// The parameters of a callable's stored text as written: each one's label, its type
    /// text (attributes such as `@autoclosure` included; nil when not recorded), and whether
    /// it is a result builder.
    public static func parameterTypes(_ text: String) -> [(label: String, type: String?, isBuilder: Bool)] {
        let list = text.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return list.split(separator: ";").map { entry in
            guard let equals = entry.firstIndex(of: "=") else { return (String(entry), nil, false) }
            let rest = entry[entry.index(after: equals)...]
            return (String(entry[..<equals]), String(rest.dropFirst()), rest.first == "B")
        }
    }

    /// The role of a closure given to a parameter of `type` (normalized type text), or nil
    /// when the type is not a function type.
    public static func role(ofType type: String, generics: Set<String>, typealiases: [String: String],
                     returnsView: (String) -> Bool, depth: Int = 0) -> ClosureParameterRole? {
        var text = Substring(type)
        var escaping = false
        // Attributes: `@escaping`, `@Sendable`, `@MainActor`, `@convention(c)`.
        while text.first == "@" {
            let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if name == "escaping" { escaping = true }
            text = text.dropFirst(1 + name.count)
            if text.first == "(", let close = matchingClose(text) { text = text[text.index(after: close)...] }
        }
        // An optional closure is escaping.
        if text.hasSuffix("?") || text.hasSuffix("!") {
            text = text.dropLast()
            escaping = true
        }
        while text.first == "(", let close = matchingClose(text), close == text.index(before: text.endIndex) {
            text = text.dropFirst().dropLast()
            if text.hasSuffix("?") || text.hasSuffix("!") { text = text.dropLast(); escaping = true }
        }
        guard let arrow = topLevelArrow(text) else {
            // A typealias of a function type (`typealias Action = () -> Void`).
            guard depth < 4, let aliased = typealiases[String(text)] else { return nil }
            let role = self.role(ofType: aliased, generics: generics, typealiases: typealiases, returnsView: returnsView, depth: depth + 1)
            // A typealias names an escaping-capable type: stored, it escapes; as a parameter
            // it does not unless marked, which the alias cannot say.
            return escaping && role == .immediate ? .action : role
        }
        let effects = text[..<arrow]
        var result = text[text.index(arrow, offsetBy: 2)...]
        while result.hasPrefix("(") && result.hasSuffix(")"), let close = matchingClose(result), close == result.index(before: result.endIndex) {
            result = result.dropFirst().dropLast()
        }
        if effects.hasSuffix("async") || effects.hasSuffix("async throws") || effects.contains(")async") { return .action }
        let returned = String(result)
        if returned == "some View" || returned == "any View" || returned == "AnyView" || returned == "SwiftUI.AnyView"
            || generics.contains(returned) || returnsView(returned) {
            return .render
        }
        if returned.isEmpty || returned == "Void" || returned == "Swift.Void" {
            return escaping ? .action : .immediate
        }
        return escaping ? .unknown : .immediate
    }

    /// The index of the `)` that closes the `(` `text` starts with.
    private static func matchingClose(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The `->` of a function type, outside parentheses, brackets and angle brackets.
    private static func topLevelArrow(_ text: Substring) -> Substring.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "-", next < text.endIndex, text[next] == ">" {
                if depth == 0 { return index }
                index = text.index(after: next)
                continue
            }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            default: break
            }
            index = next
        }
        return nil
    }
}
