// What migrating `ObservableObject` classes to `@Observable` needs to know of a module: the
// classes, where types hold them (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`),
// `.environmentObject(…)` calls, and what would stop a class from changing. Read from
// declarations and tokens (the index pass leaves bodies unparsed), so the index pass and
// the rule, which has the whole tree, see the same facts.
import SwiftCST
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The observation facts of one file.
public struct ObservationScan {
    /// How a property holds an object.
    public enum Wrapper: String, Sendable {
        case stateObject = "StateObject", observedObject = "ObservedObject", environmentObject = "EnvironmentObject"
    }

    /// A class declared `ObservableObject` in its own declaration.
    public struct Model {
        /// Qualified name (`Outer.Model`).
        public var name: String
        public var declaration: TypeDecl
        /// What keeps it from becoming `@Observable`, told from its own declaration.
        public var blocker: String?
        /// Whether making one runs code beyond storing values (an `init` that calls
        /// something, a property initialized by a call).
        public var doesWorkOnInit: Bool
        /// Whether it does not name `ObservableObject` itself but publishes: one only if
        /// what it inherits is.
        public var isInherited = false
    }

    /// A property held through `@StateObject`, `@ObservedObject` or `@EnvironmentObject`.
    public struct Use {
        /// The qualified name of the type that declares the property.
        public var owner: String
        public var property: String
        public var wrapper: Wrapper
        /// The object's type as written (or as its initializer `M(…)` makes it); nil when
        /// neither says.
        public var typeName: String?
        /// When no type is written: the initializer when it is a chain of names
        /// (`Settings.shared`), which the plan resolves through the index.
        public var valueChain: String?
        /// Whether the initializer makes the object (`M(…)`), rather than taking one.
        public var makesObject: Bool
        public var declaration: VariableDecl
        public var attribute: Attribute
        /// The `StateObject` of each `_name = StateObject(wrappedValue: …)` in an `init`.
        public var stateObjectAssignments: [Token]
        /// What keeps this property from changing with its class.
        public var blocker: String?
        /// `@StateObject var m = M(make())`: an argument calls something.
        public var argumentsDoWork: Bool
        /// Whether `$property` is written in the owner (it takes bindings).
        public var takesBindings: Bool
        /// For `@EnvironmentObject`: the `body` whose first line declares the `@Bindable`.
        public var body: PatternBinding?
    }

    /// Code that may stop some model of the module from changing.
    public struct Obstacle {
        public enum Kind: String, Sendable {
            /// `x.$name`: a Combine publisher of some object's `name`.
            case publisher
            /// `$name` or `self.$name` in a class or extension: a publisher of its own `name`.
            case ownPublisher
            /// `objectWillChange`.
            case objectWillChange
            /// `ObservableObject` as a generic constraint or existential.
            case constraint
        }
        public var kind: Kind
        /// The property name of a publisher; empty otherwise.
        public var subject: String
        /// For `x.$name` and `self.x.$name`: `x`, whose type says whose publisher it is; for
        /// `a.x.objectWillChange`: `x`.
        public var receiver: String = ""
        /// The qualified name of the type it is written in; empty at file scope.
        public var scope: String
        /// Its place: the byte range of the token.
        public var range: Range<Int>
    }

    /// `.environmentObject(argument)`.
    public struct EnvironmentCall {
        /// The type it is written in; empty at file scope.
        public var scope: String
        /// The argument's text, white space removed.
        public var argument: String
        /// The `environmentObject` token.
        public var name: Token
    }

    /// `static let shared = Settings()`: qualified owner and name → the type written or made.
    public var staticTypes: [String: String] = [:]
    public var models: [Model] = []
    /// Classes given `ObservableObject` in an extension: qualified name → that extension.
    public var extensionConformances: [(name: String, declaration: TypeDecl)] = []
    public var uses: [Use] = []
    public var obstacles: [Obstacle] = []
    public var environmentCalls: [EnvironmentCall] = []

    /// Whether `bytes` may hold any observation fact: a cheap test made before the scan,
    /// so that the index pass does nothing more for the files that have none.
    public static func mayHoldFacts(_ bytes: [UInt8]) -> Bool {
        // `nvironmentObject` covers `@EnvironmentObject` and `.environmentObject(`; `.$` a
        // publisher; `WillChange` objectWillChange. Each is found by a rare byte of it.
        contains(bytes, "bservableObject", anchor: 11) || contains(bytes, "StateObject", anchor: 7)
            || contains(bytes, "ObservedObject", anchor: 10) || contains(bytes, "nvironmentObject", anchor: 12)
            || contains(bytes, "Published", anchor: 0) || contains(bytes, "WillChange", anchor: 0)
            || contains(bytes, ".$", anchor: 1)
    }

    private static func contains(_ bytes: [UInt8], _ word: StaticString, anchor: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        let start = word.utf8Start
        return bytes.withUnsafeBufferPointer { haystack in
            guard let base = haystack.baseAddress, haystack.count >= length else { return false }
            let anchorByte = Int32(start[anchor])
            var offset = anchor
            let last = haystack.count - length + anchor
            while offset <= last {
                guard let hit = memchr(base + offset, anchorByte, last - offset + 1) else { return false }
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + at - anchor, start, length) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }

    /// The one fact a file without any of `mayHoldFacts`'s words can hold: `$name` in an
    /// extension, a publisher of the extended class's own property. Only the tokens of
    /// its top-level extensions are read, and only when the file has a `$` at all.
    init(extensionsOf tree: SyntaxTree) {
        let hasDollar = tree.bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, Int32(UInt8(ascii: "$")), buffer.count) != nil } ?? false
        }
        guard hasDollar, tree.root.childNodes.contains(where: { $0.kind == .extensionDecl }) else { return }
        for declaration in tree.root.childNodes where declaration.kind == .extensionDecl {
            guard let type = TypeDecl(declaration), let extended = type.name else { continue }
            let name = ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText(extended))
            for position in declaration.firstTokenIndex..<declaration.endTokenIndex where tree.tokens[position].kind == .dollarIdentifier {
                let token = tree.token(at: position)
                guard token.textRange.count > 1, !(48...57).contains(tree.bytes[token.textRange.lowerBound + 1]),
                      position == 0 || tree.tokens[position - 1].kind != .period else { continue }
                obstacles.append(Obstacle(kind: .ownPublisher, subject: String(token.text.dropFirst()), scope: name, range: token.textRange))
            }
        }
    }

    /// Reads the facts of `tree` (a full tree or one parsed for declarations).
    public init(_ tree: SyntaxTree) {
        var scopes: [Scope] = []
        var inheritance: [Range<Int>] = []
        walk(flattenIfConfig(tree.root), scope: nil, scopes: &scopes, inheritance: &inheritance)
        scanTokens(tree, scopes: scopes, inheritance: inheritance)
    }

    /// A type declaration's tokens and its qualified name.
    struct Scope {
        var tokens: Range<Int>
        var name: String
        var kind: SyntaxKind
    }

    // MARK: - Declarations

    private mutating func walk(_ declarations: [Node], scope: String?, scopes: inout [Scope], inheritance: inout [Range<Int>]) {
        for declaration in declarations {
            guard let type = TypeDecl(declaration) else { continue }
            let qualified: String
            if type.isExtension {
                guard let extended = type.name else { continue }
                qualified = ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText(extended))
            } else {
                guard let name = type.nameToken?.text else { continue }
                qualified = scope.map { $0 + "." + name } ?? name
            }
            scopes.append(Scope(tokens: declaration.firstTokenIndex..<declaration.endTokenIndex, name: qualified, kind: declaration.kind))
            let inherited = type.inheritedTypeNames.map(ProjectIndex.normalizedTypeText)
            let isObservableObject = inherited.contains { $0 == "ObservableObject" || $0 == "Combine.ObservableObject" }
            if let clause = type.inheritanceClause, declaration.kind != .structDecl, declaration.kind != .enumDecl {
                inheritance.append(clause.firstTokenIndex..<clause.endTokenIndex)
            }
            if isObservableObject && declaration.kind == .classDecl {
                models.append(ObservationScan.model(type, name: qualified, inherited: inherited))
            } else if declaration.kind == .classDecl, let first = inherited.first, ObservationScan.publishes(type) {
                // `@Published` in a class that may be an ObservableObject through a protocol or
                // superclass (the plan asks the index): never changed, what it inherits stays.
                var model = ObservationScan.model(type, name: qualified, inherited: inherited)
                model.blocker = "it is an ObservableObject only through `\(first)`, which stays one"
                model.isInherited = true
                models.append(model)
            } else if isObservableObject && type.isExtension {
                extensionConformances.append((qualified, type))
            }
            for member in type.members where member.kind == .variableDecl {
                guard let variable = VariableDecl(member) else { continue }
                if variable.isStatic {
                    recordStatic(variable, owner: qualified)
                } else {
                    recordUses(of: variable, in: type, owner: qualified)
                }
            }
            walk(type.members, scope: qualified, scopes: &scopes, inheritance: &inheritance)
        }
    }

    private static func model(_ type: TypeDecl, name: String, inherited: [String]) -> Model {
        let tree = type.node.tree
        var blocker: String?
        func block(_ reason: String) { if blocker == nil { blocker = reason } }
        let modifiers = type.modifiers.compactMap { $0.firstToken?.text }
        if modifiers.contains("public") || modifiers.contains("open") || modifiers.contains("package") {
            block("it is \(modifiers.first { $0 == "public" || $0 == "open" || $0 == "package" }!), so other modules may use it as an ObservableObject")
        }
        // Removing `ObservableObject` from the clause must not take a comment with it.
        if let clause = type.inheritanceClause {
            let bytes = tree.bytes[clause.range]
            if zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "/") && ($1 == UInt8(ascii: "/") || $1 == UInt8(ascii: "*")) }) {
                block("a comment inside its inheritance clause would be lost with `ObservableObject`")
            }
        }
        var published: Set<String> = []
        var work = false
        for member in type.members {
            switch member.kind {
            case .variableDecl:
                guard let variable = VariableDecl(member), !variable.isStatic else { continue }
                let wrappers = variable.modifiers.attributes.map(\.name).filter(ObservationScan.isWrapperName)
                let names = variable.bindings.compactMap(\.name)
                if wrappers.contains("Published") || wrappers.contains("Combine.Published") { published.formUnion(names) }
                if let other = wrappers.first(where: { $0 != "Published" && $0 != "Combine.Published" }) {
                    block("`\(names.first ?? "")` is `@\(other)`, which does not observe inside an @Observable class")
                }
                if variable.modifiers.has("lazy") { block("`\(names.first ?? "")` is `lazy`, which @Observable does not allow") }
                if variable.bindings.count > 1 || names.count < variable.bindings.count,
                   variable.bindings.contains(where: ObservationScan.isStored) {
                    block("`\(names.first ?? "_")` shares its declaration with other properties, which @Observable cannot track one by one")
                }
                for binding in variable.bindings where ObservationScan.isStored(binding) {
                    if let value = binding.initializer, ObservationScan.doesWork(value.firstTokenIndex..<value.endTokenIndex, in: tree) { work = true }
                }
            case .initializerDecl:
                guard let function = FunctionLikeDecl(member) else { continue }
                if function.parameters.first?.label == "from" { continue }
                if let body = member.child(.codeBlock), ObservationScan.doesWork(body.firstTokenIndex..<body.endTokenIndex, in: tree) { work = true }
            default:
                continue
            }
        }
        if ObservationScan.namesUnderscoreCodingKey(type) { block("its CodingKeys name `_x` keys, which @Observable's stored `_x` would take") }
        // What its members' code does with the published properties and the class itself.
        let tokens = type.node.firstTokenIndex..<type.node.endTokenIndex
        for position in tokens {
            let token = tree.token(at: position)
            if token.kind == .dollarIdentifier, published.contains(String(token.text.dropFirst())) {
                block("`\(token.text)` is used as a Combine publisher")
            } else if token.kind == .identifier, tree.bytes[token.textRange.lowerBound] == UInt8(ascii: "_"),
                      published.contains(String(token.text.dropFirst())) {
                block("`\(token.text)` is the Published wrapper itself, which @Observable replaces")
            } else if token.kind == .identifier, token.textIs("objectWillChange") {
                block("it uses `objectWillChange`, which an @Observable class does not have")
            }
        }
        // Coding: @Observable stores `_x`; synthesized coding and keys named `_x` change.
        let coding = inherited.filter { ["Codable", "Decodable", "Encodable"].contains($0) }
        if !coding.isEmpty {
            let memberText = type.members.filter { $0.kind == .initializerDecl || $0.kind == .functionDecl }
            let decodes = memberText.contains { FunctionLikeDecl($0)?.node.kind == .initializerDecl && FunctionLikeDecl($0)?.parameters.first?.label == "from" }
            let encodes = memberText.contains { FunctionLikeDecl($0)?.name == "encode" && FunctionLikeDecl($0)?.parameters.first?.label == "to" }
            let needsDecode = coding.contains("Codable") || coding.contains("Decodable")
            let needsEncode = coding.contains("Codable") || coding.contains("Encodable")
            if (needsDecode && !decodes) || (needsEncode && !encodes) {
                block("it is \(coding[0]) without its own coding methods: @Observable stores `_x`, so the synthesized keys would change")
            }
        }
        return Model(name: name, declaration: type, blocker: blocker, doesWorkOnInit: work)
    }

    /// Whether a member of `type` is `@Published`.
    static func publishes(_ type: TypeDecl) -> Bool {
        type.members.contains { member in
            member.kind == .variableDecl
                && (VariableDecl(member)?.modifiers.attributes.contains { $0.name == "Published" || $0.name == "Combine.Published" } ?? false)
        }
    }

    /// An attribute that is a property wrapper: capitalized, and not one of the language's
    /// or the frameworks' plain attributes.
    static func isWrapperName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return false }
        return !["MainActor", "IBOutlet", "IBInspectable", "NSManaged", "GKInspectable", "Sendable", "ObservationIgnored"].contains(name)
    }

    /// `case _x` inside an `enum CodingKeys` of the class.
    private static func namesUnderscoreCodingKey(_ type: TypeDecl) -> Bool {
        for member in type.members where member.kind == .enumDecl {
            guard let keys = TypeDecl(member), keys.nameToken?.textIs("CodingKeys") == true else { continue }
            for element in keys.members where element.kind == .enumCaseDecl {
                if EnumCaseDecl(element)?.elementNames.contains(where: { $0.hasPrefix("_") }) == true { return true }
            }
        }
        return false
    }

    /// Value types whose plain initializers only store: calling them is not work.
    static let storingInitializers: Set<String> = [
        "Date", "UUID", "Set", "Array", "Dictionary", "String", "Int", "Double", "Float", "Bool", "CGFloat",
        "CGSize", "CGPoint", "CGRect", "Color", "URL", "Decimal", "IndexSet", "Optional", "super",
    ]

    /// Whether the tokens call something other than a storing initializer (`Date()`,
    /// `[Item]()`, `super.init()`).
    static func doesWork(_ tokens: Range<Int>, in tree: SyntaxTree) -> Bool {
        for position in tokens where position > tokens.lowerBound && tree.tokens[position].kind == .leftParen {
            let before = tree.token(at: position - 1)
            switch before.kind {
            case .rightSquare: continue  // `[Item]()`
            case .binaryOperator, .postfixOperator, .prefixOperator:
                if before.textIs(">") { continue }  // `Set<Int>()`
            case .identifier, .keyword:
                if storingInitializers.contains(before.text) { continue }
                // `super.init(…)`
                if before.keyword == .`init`, position >= 3, tree.token(at: position - 3).keyword == .super { continue }
                // A parenthesis after `if`, `return`, `=`: grouping, not a call.
                if before.kind == .keyword && before.keyword != .`init` && before.keyword != .self { continue }
                return true
            case .rightParen, .rightBrace, .postfixQuestion, .exclamation:
                return true
            default:
                continue  // `(` after an operator, a comma or `(`: a tuple or grouping
            }
        }
        return false
    }

    private mutating func recordUses(of variable: VariableDecl, in type: TypeDecl, owner: String) {
        guard !variable.isStatic, let attribute = variable.modifiers.attributes.last,
              let wrapper = ObservationScan.wrapper(named: attribute.name) else { return }
        let tree = type.node.tree
        for binding in variable.bindings {
            guard let name = binding.name else { continue }
            var typeName = binding.type.map { ProjectIndex.normalizedTypeText($0.text) }
            var argumentsDoWork = false
            var makesObject = false
            var valueChain: String?
            if let value = binding.initializer, let made = ObservationScan.madeType(value) {
                if typeName == nil { typeName = made.type }
                argumentsDoWork = made.argumentsDoWork
                makesObject = true
            } else if typeName == nil, let value = binding.initializer {
                valueChain = ObservationScan.nameChain(value)
            }
            typeName = typeName.map(ProjectIndex.stripGenericArguments)
            var blocker: String?
            func block(_ reason: String) { if blocker == nil { blocker = reason } }
            if variable.bindings.count > 1 { block("`\(name)` shares its declaration and wrapper with other properties") }
            if typeName == nil && valueChain == nil {
                block("the type of `\(name)` is not written, so it cannot be told which class it holds")
            }
            // `_name = StateObject(wrappedValue: …)` in an `init`: each becomes `State(wrappedValue:)`.
            var assignments: [Token] = []
            var assigned: Set<Int> = []  // the `_name` tokens of those assignments
            if wrapper == .stateObject && binding.initializer == nil {
                for position in type.node.firstTokenIndex..<type.node.endTokenIndex
                where tree.tokens[position].kind == .identifier && tree.token(at: position).textEquals("_" + name) {
                    guard let assignment = ObservationScan.stateObjectAssignment(at: position, in: tree) else { continue }
                    assigned.insert(position)
                    if let token = assignment.name { assignments.append(token) }
                    makesObject = makesObject || assignment.makesObject
                    argumentsDoWork = argumentsDoWork || assignment.argumentsDoWork
                }
                if assigned.isEmpty { block("`\(name)` is set in an initializer, not through `StateObject(wrappedValue:)`") }
            }
            if let value = binding.initializer, !makesObject, wrapper == .stateObject, ObservationScan.nameChain(value) == nil {
                block("`\(name)` is not made by an initializer of its class, so what `@State` would run on every init is unknown")
            }
            if wrapper == .stateObject && argumentsDoWork {
                block("`\(name)` is made with arguments that do work, which `@State` would run again on every init of the view")
            }
            // What the owner's code does with the property and its wrapper.
            var takesBindings = false
            var bindingsOutsideBody = false
            let body = wrapper == .environmentObject ? ObservationScan.body(of: type) : nil
            let bodyTokens = body.map { $0.node.firstTokenIndex..<$0.node.endTokenIndex }
            for position in type.node.firstTokenIndex..<type.node.endTokenIndex {
                let token = tree.token(at: position)
                if token.kind == .dollarIdentifier, token.textEquals("$" + name) {
                    takesBindings = true
                    if let bodyTokens, !bodyTokens.contains(position) { bindingsOutsideBody = true }
                } else if token.kind == .identifier, token.textEquals("_" + name),
                          !assigned.contains(position) {
                    block("`_\(name)` reaches the property wrapper itself")
                }
            }
            if wrapper == .environmentObject && takesBindings {
                if body == nil || bindingsOutsideBody { block("`$\(name)` is used outside `body`, where no `@Bindable` can be declared") }
                if let block = body?.accessorBlock, block.endTokenIndex - block.firstTokenIndex <= 2 {
                    self.block("`body` has no statements to put `@Bindable` before", into: &blocker)
                }
            }
            uses.append(Use(owner: owner, property: name, wrapper: wrapper, typeName: typeName, valueChain: valueChain,
                            makesObject: makesObject, declaration: variable,
                            attribute: attribute, stateObjectAssignments: assignments, blocker: blocker, argumentsDoWork: argumentsDoWork,
                            takesBindings: takesBindings, body: body))
        }
    }

    /// `_name = StateObject(wrappedValue: value)` with `_name` at `position` (`self._name`
    /// too): the `StateObject` token, whether `value` is `Type(…)`, and whether its
    /// arguments (or `value` itself, when it is no `Type(…)`) call something.
    static func stateObjectAssignment(at position: Int, in tree: SyntaxTree)
        -> (name: Token?, makesObject: Bool, argumentsDoWork: Bool)? {
        let tokens = tree.tokens
        guard position + 7 < tokens.count, tree.token(at: position + 1).textIs("=") else { return nil }
        // `StateObject(wrappedValue:` or `.init(wrappedValue:`, which `State` has too.
        let named = tree.token(at: position + 2).textIs("StateObject")
        let implicit = tokens[position + 2].kind == .period && tree.token(at: position + 3).keyword == .`init`
        guard named || implicit else { return nil }
        let open = position + (named ? 3 : 4)
        guard open + 2 < tokens.count, tokens[open].kind == .leftParen, tree.token(at: open + 1).textIs("wrappedValue"),
              tokens[open + 2].kind == .colon else { return nil }
        var depth = 0
        var close = open
        while close < tokens.count {
            if tokens[close].kind == .leftParen { depth += 1 }
            if tokens[close].kind == .rightParen { depth -= 1; if depth == 0 { break } }
            close += 1
        }
        guard close < tokens.count else { return nil }
        let value = (open + 3)..<close
        let name = named ? tree.token(at: position + 2) : nil
        guard !value.isEmpty else { return nil }
        // `Type(arguments)` spanning the whole value: its arguments are what may work.
        if value.count >= 3, tokens[value.lowerBound].kind == .identifier,
           tree.token(at: value.lowerBound).text.first?.isUppercase == true,
           tokens[value.lowerBound + 1].kind == .leftParen, tokens[value.upperBound - 1].kind == .rightParen {
            var inner = 0
            var closesAtEnd = false
            for index in (value.lowerBound + 1)..<value.upperBound {
                if tokens[index].kind == .leftParen { inner += 1 }
                if tokens[index].kind == .rightParen { inner -= 1; if inner == 0 { closesAtEnd = index == value.upperBound - 1; break } }
            }
            if closesAtEnd {
                let arguments = (value.lowerBound + 1)..<value.upperBound
                let closure = arguments.contains { tokens[$0].kind == .leftBrace }
                return (name, true, closure || doesWork(arguments, in: tree))
            }
        }
        let closure = value.contains { tokens[$0].kind == .leftBrace }
        return (name, false, closure || doesWork(value, in: tree))
    }

    /// The type of each stored static property whose type is written or made (`M(…)`).
    private mutating func recordStatic(_ variable: VariableDecl, owner: String) {
        for binding in variable.bindings where ObservationScan.isStored(binding) {
            guard let name = binding.name else { continue }
            let written = binding.type.map { ProjectIndex.normalizedTypeText($0.text) }
            guard let type = written ?? binding.initializer.flatMap({ ObservationScan.madeType($0)?.type }) else { continue }
            staticTypes[owner + "." + name] = ProjectIndex.stripGenericArguments(type)
        }
    }

    /// `Settings.shared`, `Model.shared.store`: names joined by periods, the first a type
    /// (capitalized), without calls; nil for anything else.
    static func nameChain(_ value: Node) -> String? {
        let text = ProjectIndex.normalizedTypeText(value.text)
        return isNameChain(text) ? text : nil
    }

    /// Whether `text` is `Type.name.name…`.
    public static func isNameChain(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts[0].first?.isUppercase == true
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }

    /// Whether a binding is stored: no accessors, or only `willSet`/`didSet`. Read from
    /// tokens, as a tree parsed for declarations leaves accessor blocks unparsed.
    public static func isStored(_ binding: PatternBinding) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        let tree = block.tree
        let first = block.firstTokenIndex + 1
        guard first < block.endTokenIndex else { return false }
        let token = tree.token(at: first)
        return token.textIs("willSet") || token.textIs("didSet")
    }

    private func block(_ reason: String, into blocker: inout String?) { if blocker == nil { blocker = reason } }

    static func wrapper(named name: String) -> Wrapper? {
        let bare = name.hasPrefix("SwiftUI.") ? String(name.dropFirst(8)) : name
        return Wrapper(rawValue: bare)
    }

    /// The `body` property of a type, when it has a getter.
    static func body(of type: TypeDecl) -> PatternBinding? {
        for member in type.members where member.kind == .variableDecl {
            guard let variable = VariableDecl(member), let binding = variable.bindings.first, binding.name == "body",
                  binding.accessorBlock != nil, !isStored(binding) else { continue }
            return binding
        }
        return nil
    }

    /// `M()`, `M(a: b)`, `M.init(…)`, `Outer.M(…)`: the type made and whether an argument calls something.
    static func madeType(_ value: Node) -> (type: String, argumentsDoWork: Bool)? {
        guard value.kind == .functionCallExpr, let callee = value.firstChildNode else { return nil }
        var calleeText = ProjectIndex.normalizedTypeText(callee.text)
        if calleeText.hasSuffix(".init") { calleeText.removeLast(5) }
        calleeText = ProjectIndex.stripGenericArguments(calleeText)  // `Box<Item>()`
        let parts = calleeText.split(separator: ".")
        guard !parts.isEmpty, parts.allSatisfy({ $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        let tree = value.tree
        let arguments = callee.endTokenIndex..<value.endTokenIndex
        // A closure passed to it may run while it is made.
        let closure = (arguments).contains { tree.tokens[$0].kind == .leftBrace }
        return (calleeText, closure || doesWork(arguments, in: tree))
    }

    // MARK: - Tokens

    private mutating func scanTokens(_ tree: SyntaxTree, scopes: [Scope], inheritance: [Range<Int>]) {
        let tokens = tree.tokens
        func scope(of position: Int) -> Scope? {
            var found: Scope?
            for candidate in scopes where candidate.tokens.contains(position) {
                if found == nil || candidate.tokens.lowerBound >= found!.tokens.lowerBound { found = candidate }
            }
            return found
        }
        for position in tokens.indices {
            let raw = tokens[position]
            switch raw.kind {
            case .dollarIdentifier:
                let token = tree.token(at: position)
                let name = String(token.text.dropFirst())
                guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { continue }
                let afterPeriod = position > 0 && tokens[position - 1].kind == .period
                let onSelf = afterPeriod && position > 1 && tokens[position - 2].keyword == .self
                let place = scope(of: position)
                if afterPeriod && !onSelf {
                    var obstacle = Obstacle(kind: .publisher, subject: name, scope: place?.name ?? "", range: token.textRange)
                    if position >= 2, tokens[position - 2].kind == .identifier {
                        let simple = position < 3 || tokens[position - 3].kind != .period
                        let onOwn = position >= 4 && tokens[position - 3].kind == .period && tokens[position - 4].keyword == .self
                        if simple || onOwn { obstacle.receiver = tree.token(at: position - 2).text }
                    }
                    obstacles.append(obstacle)
                } else if let place, place.kind == .classDecl || place.kind == .extensionDecl || place.kind == .actorDecl {
                    // `$name` alone is a binding in a view; in a class or an extension, a publisher.
                    obstacles.append(Obstacle(kind: .ownPublisher, subject: name, scope: place.name, range: token.textRange))
                }
            case .identifier:
                let token = tree.token(at: position)
                if token.textIs("objectWillChange") {
                    var obstacle = Obstacle(kind: .objectWillChange, subject: "", scope: scope(of: position)?.name ?? "", range: token.textRange)
                    // `x.objectWillChange`, `a.b.objectWillChange`: the member whose type says whose it is.
                    // `self.`, `self?.`, `self!.`: the class's own.
                    let onSelf = position >= 2 && (tokens[position - 2].keyword == .self
                        || (position >= 3 && [.postfixQuestion, .exclamation].contains(tokens[position - 2].kind)
                            && tokens[position - 3].keyword == .self))
                    if position >= 2, tokens[position - 1].kind == .period, !onSelf {
                        if tokens[position - 2].kind == .identifier {
                            // `.b` when the receiver is itself a member (`a.b`), else `b` (maybe a local).
                            let member = position >= 3 && tokens[position - 3].kind == .period
                            obstacle.receiver = (member ? "." : "") + tree.token(at: position - 2).text
                        } else {
                            obstacle.receiver = "?"  // `make().objectWillChange`: whose, unknown
                        }
                    }
                    obstacles.append(obstacle)
                } else if token.textIs("ObservableObject") {
                    guard !inheritance.contains(where: { $0.contains(position) }) else { continue }
                    // `Combine.ObservableObject` in a clause is the same; elsewhere a constraint.
                    obstacles.append(Obstacle(kind: .constraint, subject: "", scope: scope(of: position)?.name ?? "", range: token.textRange))
                } else if token.textIs("environmentObject"), position > 0, tokens[position - 1].kind == .period,
                          position + 1 < tokens.count, tokens[position + 1].kind == .leftParen {
                    var depth = 0
                    var end = position + 1
                    while end < tokens.count {
                        if tokens[end].kind == .leftParen { depth += 1 }
                        if tokens[end].kind == .rightParen { depth -= 1; if depth == 0 { break } }
                        end += 1
                    }
                    guard end < tokens.count, end > position + 2 else { continue }
                    let argument = (position + 2..<end).map { tree.token(at: $0).text }.joined()
                    environmentCalls.append(EnvironmentCall(scope: scope(of: position)?.name ?? "", argument: argument, name: token))
                }
            default:
                continue
            }
        }
    }
}

// MARK: - In the index

extension ObservationScan {
    /// The property-table key the facts are kept under: no type is named so.
    public static let factsKey = "@observation"

    /// The facts as index entries: what the migration of each model needs from every file.
    /// Keys are made unique per declaration, so files never overwrite each other's.
    public var indexEntries: [String: String] {
        var entries: [String: String] = [:]
        for model in models {
            let verdict = model.blocker.map { "no " + $0 } ?? (model.doesWorkOnInit ? "ok work" : "ok")
            entries["model " + model.name] = model.isInherited ? "inherited " + verdict : verdict
        }
        for (name, type) in staticTypes { entries["static " + name] = type }
        for (name, _) in extensionConformances { entries["extension " + name] = "no" }
        for use in uses {
            let flags = (use.argumentsDoWork ? "work" : "") + (use.takesBindings ? "+bind" : "") + (use.makesObject ? "+make" : "")
            let type = use.typeName ?? use.valueChain.map { "=" + $0 } ?? "?"
            entries["use \(use.owner).\(use.property)"] = [use.wrapper.rawValue, type, flags, use.blocker ?? ""].joined(separator: "|")
        }
        for obstacle in obstacles {
            let subject = obstacle.receiver.isEmpty ? obstacle.subject : obstacle.subject + ":" + obstacle.receiver
            // `objectWillChange` has no subject: its key holds `:receiver` or nothing.
            entries["obstacle \(obstacle.kind.rawValue) \(subject) \(obstacle.scope)"] = ""
        }
        for call in environmentCalls { entries["environment \(call.scope) \(call.argument)"] = "" }
        return entries
    }
}

extension ProjectIndex {
    /// Records the observation facts of `tree`, when its bytes may hold any.
    mutating func recordObservationFacts(of tree: SyntaxTree) {
        let scan = ObservationScan.mayHoldFacts(tree.bytes) ? ObservationScan(tree) : ObservationScan(extensionsOf: tree)
        let entries = scan.indexEntries
        guard !entries.isEmpty else { return }
        propertyTypes[ObservationScan.factsKey, default: [:]].merge(entries) { _, new in new }
    }

    /// The observation facts of the indexed files (see `ObservationScan.indexEntries`).
    public var observationFacts: [String: String] { propertyTypes[ObservationScan.factsKey] ?? [:] }
}
