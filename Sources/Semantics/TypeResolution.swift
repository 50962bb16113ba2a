// Finds the declared type of a data expression (`items`, `self.items`, `model.items`,
// `$items`) from the scopes around it and the project index, for rules that must prove
// what a collection holds before rewriting how it is iterated.
import SwiftCST

/// A type text and the qualified name of the type it was written in, which decides what
/// the names in it refer to (`Item` inside `Outer` may be `Outer.Item`).
public struct ResolvedType: Sendable, Hashable {
    public var text: String
    /// The qualified name of the type whose declaration holds the text; nil at top level.
    public var scope: String?

    public init(text: String, scope: String?) {
        self.text = text
        self.scope = scope
    }
}

/// Resolves the types of simple expressions from their declarations: locals, parameters,
/// properties of the enclosing type and, through the project index, properties of other
/// types. It answers nil whenever the source does not prove the type.
public struct TypeResolver: Sendable {
    public let index: ProjectIndex

    public init(index: ProjectIndex) { self.index = index }

    /// Property wrappers whose projected value `$name` is a `Binding` to the wrapped value.
    public static let bindingProjectingWrappers: Set<String> = ["State", "Binding", "SwiftUI.State", "SwiftUI.Binding"]

    /// Property wrappers whose projected value `$name` is a `Bindable` of the wrapped value.
    public static let bindableProjectingWrappers: Set<String> = ["Bindable", "SwiftUI.Bindable"]

    /// The type of `expression`, when it is a name, `self.name`, a chain `a.b.c` of
    /// stored or computed properties (through `?.` and `!`), `a ?? b`, `$name` of a
    /// `@State`/`@Binding`/`@Bindable` property or a binding row's `$item`.
    public func type(of expression: Node) -> ResolvedType? {
        switch expression.kind {
        case .identifierExpr:
            guard let token = expression.firstToken, expression.endTokenIndex == token.index + 1 else { return nil }
            if token.kind == .dollarIdentifier {
                if let row = bindingRowParameterType(of: token.text, at: expression) { return row }
                return projectedBindingType(of: String(token.text.dropFirst()), at: expression)
            }
            guard token.kind == .identifier else { return nil }
            return lookUp(token.text, at: expression)
        case .memberAccessExpr:
            guard let access = MemberAccessExpr(expression), var base = access.base, let name = access.name,
                  access.nameToken?.kind == .identifier else { return nil }
            if base.kind == .identifierExpr, base.firstToken?.keyword == .self, base.endTokenIndex == base.firstTokenIndex + 1 {
                guard let owner = TypeResolver.enclosingTypeName(of: expression) else { return nil }
                return member(name, of: ResolvedType(text: owner, scope: nil))
            }
            // `a?.b`: the member of the unwrapped value, optional; so is every later link of the chain.
            var chained = false
            if base.kind == .optionalChainingExpr {
                guard let inner = base.firstChildNode, base.childNodes.count == 1 else { return nil }
                base = inner
                chained = true
            } else {
                chained = TypeResolver.isInOptionalChain(base)
            }
            guard var baseType = type(of: base) else { return nil }
            if chained {
                guard let unwrapped = TypeResolver.unwrappingOptional(baseType) else { return nil }
                baseType = unwrapped
            }
            guard let found = member(name, of: baseType) else { return nil }
            return chained ? TypeResolver.optional(found) : found
        case .forceUnwrapExpr:
            guard expression.childNodes.count == 1, let inner = expression.firstChildNode,
                  !TypeResolver.isInOptionalChain(inner), let wrapped = type(of: inner) else { return nil }
            return TypeResolver.unwrappingOptional(wrapped)
        case .sequenceExpr:
            // `a ?? b` alone: the type of `a` unwrapped (the code compiles only if `b` has it).
            let children = expression.children
            guard children.count == 3, let lhs = children[0].asNode, let op = children[1].asToken, op.text == "??",
                  children[2].asNode != nil, let wrapped = type(of: lhs) else { return nil }
            return TypeResolver.unwrappingOptional(wrapped)
        case .tupleExpr:
            let inner = expression.childNodes
            guard inner.count == 1, let argument = Argument(inner[0]), argument.label == nil,
                  let value = argument.expression else { return nil }
            return type(of: value)
        default:
            return nil
        }
    }

    /// The collection type of `expression`, when its type is one the index understands.
    public func collectionType(of expression: Node) -> (collection: CollectionType, scope: String?)? {
        guard let resolved = type(of: expression),
              let collection = index.collectionType(resolved.text, inScope: resolved.scope) else { return nil }
        return (collection, resolved.scope)
    }

    // MARK: - Names

    /// The type of the name `name` as seen at `node`, walking out through closures, code
    /// blocks and functions to the enclosing type's members.
    private func lookUp(_ name: String, at node: Node) -> ResolvedType? {
        var child = node
        var current = node.parent
        while let scope = current {
            switch scope.kind {
            case .closureExpr:
                guard let closure = ClosureExpr(scope) else { return nil }
                if let parameter = closure.parameters.first(where: { $0.name == name || $0.name == "$" + name }) {
                    guard let type = parameter.type else { return rowElementType(of: closure, parameter: parameter.name ?? name) }
                    guard parameter.name == name else { return nil }
                    return ResolvedType(text: TypeResolver.typeText(of: type), scope: TypeResolver.enclosingTypeName(of: scope))
                }
                if let found = localDeclaration(name, before: child, in: closure.statements) { return found }
            case .codeBlock, .accessorBlock:
                if let found = localDeclaration(name, before: child, in: scope.childNodes) { return found }
            case .functionDecl, .initializerDecl, .subscriptDecl:
                if let function = FunctionLikeDecl(scope), let parameter = function.parameters.first(where: { $0.name == name }) {
                    guard let type = parameter.type else { return nil }
                    return ResolvedType(text: TypeResolver.typeText(of: type), scope: TypeResolver.enclosingTypeName(of: scope))
                }
            case .forStmt, .ifExpr, .guardStmt, .whileStmt, .switchCase, .catchClause:
                // `if let x = value`, `if let x`: the unwrapped type of the value. Other names
                // these bind (`for x in`, `case .a(let x)`) have no declared type here: the
                // name is found, its type unknown.
                // An `if`'s conditions bind nothing in its `else`.
                let inElse = scope.kind == .ifExpr && child != scope.child(.conditionList) && child != scope.child(.codeBlock)
                if !inElse {
                    if let bound = conditionalBindingType(name, scope: scope, child: child, origin: node) { return bound }
                    if binds(name, scope: scope, child: child) { return nil }
                }
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl:
                guard let owner = TypeResolver.enclosingTypeName(of: scope, includingSelf: true) else { return nil }
                return member(name, of: ResolvedType(text: owner, scope: nil))
            case .protocolDecl, .sourceFile:
                return nil
            default:
                break
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    /// Whether a `for`, `if`, `guard`, `while`, `case` or `catch` binds `name` for `child`.
    private func binds(_ name: String, scope: Node, child: Node) -> Bool {
        if scope.kind == .catchClause && name == "error" { return true }
        for pattern in scope.childNodes where pattern != child {
            if pattern.kind == .codeBlock { continue }
            for node in pattern.descendants(.identifierPattern) {
                if node.firstToken?.text == name { return true }
            }
            // `if let name` without `= value` is written as an expression in conditions.
            if pattern.kind == .conditionList {
                for condition in pattern.children(.condition) {
                    guard let first = condition.firstToken, first.keyword == .let || first.keyword == .var,
                          let second = first.next else { continue }
                    if second.text == name { return true }
                }
            }
        }
        return false
    }

    /// A `let`/`var` (or `guard let`) declaring `name` among `statements` before the one
    /// holding `child`. `type` is nil when the declaration does not prove its type.
    private func localDeclaration(_ name: String, before child: Node, in statements: [Node]) -> ResolvedType?? {
        var found: ResolvedType??
        for statement in statements {
            if statement == child || statement.contains(child) { break }
            if let variable = VariableDecl(statement) {
                for binding in variable.bindings where binding.name == name {
                    found = .some(bindingType(binding, at: statement))
                }
                for binding in variable.bindings where binding.name == nil {
                    if binding.pattern?.preorder.contains(where: { $0.kind == .identifierPattern && $0.firstToken?.text == name }) == true {
                        found = .some(nil)
                    }
                }
            } else if statement.kind == .guardStmt, binds(name, scope: statement, child: child) {
                found = .some(conditionalBindingType(name, scope: statement, child: child, origin: child) ?? nil)
            }
        }
        return found
    }

    private func bindingType(_ binding: PatternBinding, at node: Node) -> ResolvedType? {
        let scope = TypeResolver.enclosingTypeName(of: node)
        if let type = binding.type { return ResolvedType(text: TypeResolver.typeText(of: type), scope: scope) }
        guard let initializer = binding.initializer else { return nil }
        if let inferred = TypeResolver.inferredType(ofInitializer: initializer) { return ResolvedType(text: inferred, scope: scope) }
        return type(of: initializer)
    }

    /// The element type of the single parameter of a `ForEach`/`List` row closure
    /// (`ForEach(items) { item in … }`), from the type of the data.
    /// With two parameters over `Array(items.enumerated())` or
    /// `items.enumerated().map { $0 }`, the second is the element.
    /// Over bindings (`ForEach($items) { $item in … }`), `item` is the element and a
    /// plain `item` parameter a `Binding` to it.
    private func rowElementType(of closure: ClosureExpr, parameter name: String) -> ResolvedType? {
        let parameters = closure.parameters
        guard parameters.last?.name == name,
              parameters.allSatisfy({ $0.nameToken?.kind == .identifier || $0.nameToken?.kind == .dollarIdentifier || $0.name == "_" }),
              let call = closure.node.parent.flatMap(FunctionCallExpr.init), call.trailingClosure?.node == closure.node,
              call.callee?.kind == .identifierExpr, call.calleeNameIs("ForEach") || call.calleeNameIs("List"),
              let data = call.arguments.first, data.label == nil, var expression = data.expression else { return nil }
        switch parameters.count {
        case 1: break
        case 2:
            guard let source = TypeResolver.enumeratedCollection(expression) else { return nil }
            expression = source
        default: return nil
        }
        guard let (collection, scope) = collectionType(of: expression) else { return nil }
        if name.hasPrefix("$") {
            // `$item` names a binding; `item` is the element.
            return collection.isBinding && parameters.count == 1 ? ResolvedType(text: collection.element, scope: scope) : nil
        }
        if collection.isBinding {
            return parameters.count == 1 ? ResolvedType(text: "Binding<\(collection.element)>", scope: scope) : nil
        }
        return ResolvedType(text: collection.element, scope: scope)
    }

    /// `Binding<Element>` for `$item`, the parameter of a binding row
    /// (`ForEach($items) { $item in … }`) that `node` sees.
    private func bindingRowParameterType(of dollarName: String, at node: Node) -> ResolvedType? {
        var current = node.parent
        while let scope = current {
            if scope.kind == .closureExpr, let closure = ClosureExpr(scope),
               closure.parameters.contains(where: { $0.name == dollarName }) {
                guard let element = rowElementType(of: closure, parameter: dollarName) else { return nil }
                return ResolvedType(text: "Binding<\(element.text)>", scope: element.scope)
            }
            if [.functionDecl, .initializerDecl, .variableDecl, .structDecl, .classDecl, .enumDecl, .extensionDecl].contains(scope.kind) {
                return nil
            }
            current = scope.parent
        }
        return nil
    }

    /// The type `name` has where `child` sees a condition of `scope` (`if`, `guard`,
    /// `while`) binding it: `let name = value` or `let name` unwraps the value's optional
    /// type. `.some(nil)` when the condition binds it in a way whose type is not proven;
    /// nil when no condition of `scope` binds it for `child`. `origin` is where the name is
    /// read: a condition holding it, and those after it, bind nothing there
    /// (`guard let items = items` reads the outer `items`).
    private func conditionalBindingType(_ name: String, scope: Node, child: Node, origin: Node) -> ResolvedType?? {
        guard let conditions = scope.child(.conditionList) else { return nil }
        // An `if`'s bindings reach its first block (and later conditions), not `else`.
        if scope.kind == .ifExpr || scope.kind == .whileStmt {
            guard child == conditions || child == scope.child(.codeBlock) else { return nil }
        }
        var found: ResolvedType??
        for condition in conditions.children(.condition) {
            if condition == child || condition.contains(child) || condition == origin || condition.contains(origin) { break }
            guard let first = condition.firstToken, first.keyword == .let || first.keyword == .var else { continue }
            let nodes = condition.childNodes
            guard let pattern = nodes.first else { continue }
            if pattern.kind == .identifierPattern {
                guard pattern.firstToken?.text == name else { continue }
                let value = condition.child(.initializerClause)?.firstChildNode
                let wrapped = value.map { type(of: $0) } ?? lookUp(name, at: scope)
                found = .some(wrapped.flatMap(TypeResolver.unwrappingOptional))
            } else if pattern.text == name, nodes.count == 1 {
                // `if let name`, written as an expression.
                found = .some(lookUp(name, at: scope).flatMap(TypeResolver.unwrappingOptional))
            }
        }
        return found
    }

    // MARK: - Optionals

    /// `T` of `T?`, `T!` or `Optional<T>`; nil when the text is not an optional type.
    static func unwrappingOptional(_ type: ResolvedType) -> ResolvedType? {
        var text = type.text
        if text.hasSuffix("?") || text.hasSuffix("!") {
            text.removeLast()
        } else if let arguments = ProjectIndex.genericArguments(of: text, base: "Optional"), arguments.count == 1 {
            text = arguments[0]
        } else {
            return nil
        }
        if text.hasPrefix("("), text.hasSuffix(")"), !text.contains(",") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty else { return nil }
        return ResolvedType(text: text, scope: type.scope)
    }

    /// `type` as an optional (unchanged when it already is one: optional chaining flattens).
    static func optional(_ type: ResolvedType) -> ResolvedType {
        if unwrappingOptional(type) != nil { return type }
        let text = type.text.contains("->") || type.text.contains("&") || type.text.hasPrefix("some ") || type.text.hasPrefix("any ")
            ? "(\(type.text))?" : type.text + "?"
        return ResolvedType(text: text, scope: type.scope)
    }

    /// Whether `expression` is a link of an optional chain: `a?.b` holds a `?.` in its
    /// leftmost postfix chain.
    public static func isInOptionalChain(_ expression: Node) -> Bool {
        var node: Node? = expression
        while let current = node {
            switch current.kind {
            case .optionalChainingExpr: return true
            case .memberAccessExpr, .forceUnwrapExpr, .functionCallExpr, .subscriptCallExpr: node = current.firstChildNode
            default: return false
            }
        }
        return false
    }

    /// `items` of `Array(items.enumerated())` or `items.enumerated().map { $0 }`.
    public static func enumeratedCollection(_ expression: Node) -> Node? {
        func base(ofEnumerated node: Node) -> Node? {
            guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), call.calleeNameIs("enumerated"),
                  call.arguments.isEmpty, call.trailingClosure == nil, let callee = call.callee else { return nil }
            return MemberAccessExpr(callee)?.base
        }
        guard expression.kind == .functionCallExpr, let call = FunctionCallExpr(expression) else { return nil }
        if call.calleeNameIs("Array"), call.callee?.kind == .identifierExpr, call.trailingClosure == nil,
           call.arguments.count == 1, call.arguments[0].label == nil, let inner = call.arguments[0].expression {
            return base(ofEnumerated: inner)
        }
        guard call.calleeNameIs("map"), let callee = call.callee, let mapped = MemberAccessExpr(callee)?.base,
              call.arguments.isEmpty, let closure = call.trailingClosure, closure.signature == nil,
              closure.statements.count == 1, closure.statements[0].textEquals("$0") else { return nil }
        return base(ofEnumerated: mapped)
    }

    /// The type of the property `name` of `owner`; of a `Binding<X>` or `Bindable<X>`, a
    /// `Binding` to the property of `X` (their dynamic member lookup).
    private func member(_ name: String, of owner: ResolvedType) -> ResolvedType? {
        for wrapper in ["Binding", "Bindable"] {
            guard let arguments = ProjectIndex.genericArguments(of: owner.text, base: wrapper), arguments.count == 1 else { continue }
            guard let inner = member(name, of: ResolvedType(text: arguments[0], scope: owner.scope)) else { return nil }
            return ResolvedType(text: "Binding<\(inner.text)>", scope: inner.scope)
        }
        let key = index.qualifiedName(of: index.resolvingTypealiases(owner.text, inScope: owner.scope), inScope: owner.scope)
        guard let text = index.propertyTypes[key]?[name] else { return nil }
        return ResolvedType(text: text, scope: key)
    }

    /// `Binding<T>` for `$name` when `name` is a `@State` or `@Binding` property of the
    /// enclosing type (and no local declaration hides it).
    private func projectedBindingType(of name: String, at node: Node) -> ResolvedType? {
        guard let owner = TypeResolver.enclosingTypeName(of: node),
              let wrapper = index.propertyWrapper(of: owner, named: name),
              let wrapped = lookUp(name, at: node), wrapped.scope == index.qualifiedName(of: owner) else { return nil }
        if TypeResolver.bindingProjectingWrappers.contains(wrapper) {
            return ResolvedType(text: "Binding<\(wrapped.text)>", scope: wrapped.scope)
        }
        if TypeResolver.bindableProjectingWrappers.contains(wrapper) {
            return ResolvedType(text: "Bindable<\(wrapped.text)>", scope: wrapped.scope)
        }
        return nil
    }

    // MARK: - Declarations

    /// The qualified name of the innermost type declaration or extension around `node`
    /// (`Outer.Inner`); nil at top level.
    public static func enclosingTypeName(of node: Node) -> String? {
        enclosingTypeName(of: node, includingSelf: false)
    }

    static func enclosingTypeName(of node: Node, includingSelf: Bool) -> String? {
        var components: [String] = []
        var current: Node? = includingSelf ? node : node.parent
        while let scope = current {
            if let type = TypeDecl(scope) {
                if type.isExtension {
                    guard let extended = type.name else { return nil }
                    components.append(ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText(extended)))
                    break
                }
                guard let name = type.nameToken?.text else { return nil }
                components.append(name)
            }
            current = scope.parent
        }
        return components.isEmpty ? nil : components.reversed().joined(separator: ".")
    }

    /// A type node's text from its tokens, comments dropped, normalised as
    /// `ProjectIndex.normalizedTypeText`.
    public static func typeText(of type: Node) -> String {
        // The tokens' texts joined as `normalizedTypeText` would join them spaced out: a
        // space only between two words. ASCII tokens are joined as bytes; others take the
        // way of characters, and a token holding whitespace the long way.
        let tree = type.tree
        let ascii: [UInt8]? = tree.bytes.withUnsafeBufferPointer { bytes in
            var result: [UInt8] = []
            for index in type.firstTokenIndex..<type.endTokenIndex {
                let range = tree.token(at: index).textRange
                guard !range.isEmpty else { continue }
                for byte in bytes[range] where byte >= 0x80 || byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d {
                    return nil
                }
                if let last = result.last, isASCIIWordByte(last), isASCIIWordByte(bytes[range.lowerBound]) { result.append(0x20) }
                result.append(contentsOf: bytes[range])
            }
            return result
        }
        if let ascii { return String(decoding: ascii, as: UTF8.self) }
        return characterTypeText(of: type)
    }

    /// What `ProjectIndex.isWordCharacter` says of an ASCII character.
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f
    }

    private static func characterTypeText(of type: Node) -> String {
        var result = ""
        for index in type.firstTokenIndex..<type.endTokenIndex {
            let text = type.tree.token(at: index).text
            guard let first = text.first else { continue }
            if text.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }) { return spacedTypeText(of: type) }
            if let last = result.last, ProjectIndex.isWordCharacter(last), ProjectIndex.isWordCharacter(first) { result += " " }
            result += text
        }
        return result
    }

    private static func spacedTypeText(of type: Node) -> String {
        var text = ""
        for index in type.firstTokenIndex..<type.endTokenIndex {
            if !text.isEmpty { text += " " }
            text += type.tree.token(at: index).text
        }
        return ProjectIndex.normalizedTypeText(text)
    }

    /// Generic types of the standard library whose bare name (`Array(xs)`) does not say
    /// what they hold.
    private static let genericStandardTypes: Set<String> = [
        "Array", "Set", "Dictionary", "ArraySlice", "ContiguousArray", "Optional", "IdentifiedArrayOf",
        "IdentifiedArray", "Binding", "State", "Range", "ClosedRange",
    ]

    /// The type an initializer expression proves without type-checking: `[Item]()`,
    /// `Array<Item>()`, `Store()`, `Outer.Store()`, literals, and arrays of string or
    /// integer literals. Nil otherwise.
    public static func inferredType(ofInitializer expression: Node) -> String? {
        switch expression.kind {
        case .stringLiteralExpr: return "String"
        case .integerLiteralExpr: return "Int"
        case .floatLiteralExpr: return "Double"
        case .booleanLiteralExpr: return "Bool"
        case .arrayExpr:
            let elements = expression.children(.argument).compactMap { Argument($0)?.expression }
            guard let first = elements.first else { return nil }
            let kinds: [SyntaxKind: String] = [.stringLiteralExpr: "String", .integerLiteralExpr: "Int", .booleanLiteralExpr: "Bool"]
            guard let element = kinds[first.kind], elements.allSatisfy({ $0.kind == first.kind }) else { return nil }
            return "[\(element)]"
        case .functionCallExpr:
            guard let call = FunctionCallExpr(expression), call.argumentList?.firstToken?.kind == .leftParen
                    || call.argumentList == nil && call.trailingClosure != nil,
                  var callee = call.callee else { return nil }
            if let access = MemberAccessExpr(callee), access.name == "init", let base = access.base { callee = base }
            switch callee.kind {
            case .arrayExpr:
                let arguments = callee.children(.argument)
                guard arguments.count == 1, let element = Argument(arguments[0])?.expression, isTypeName(element) else { return nil }
                return "[\(typeText(of: element))]"
            case .identifierExpr, .memberAccessExpr:
                guard isTypeName(callee) else { return nil }
                let text = typeText(of: callee)
                guard let last = text.split(separator: ".").last, last.first?.isUppercase == true else { return nil }
                if genericStandardTypes.contains(text) { return nil }
                return text
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Whether an expression is a type name as written in expression position: `Item`,
    /// `Outer.Item`, `Array<Item>`, `[Item]`.
    private static func isTypeName(_ expression: Node) -> Bool {
        switch expression.kind {
        case .identifierExpr:
            return expression.firstToken?.kind == .identifier
        case .memberAccessExpr:
            guard let access = MemberAccessExpr(expression), let base = access.base else { return false }
            return access.nameToken?.kind == .identifier && isTypeName(base)
        case .arrayExpr:
            let arguments = expression.children(.argument)
            return arguments.count == 1 && (Argument(arguments[0])?.expression).map(isTypeName) == true
        default:
            return false
        }
    }
}
