// Thin typed views over the untyped tree: each is `init?(_ node:)` checking the kind,
// with optional accessors so that broken code never traps.

/// A view that wraps one node of a known kind.
public protocol SyntaxView {
    var node: Node { get }
    init?(_ node: Node)
}

extension SyntaxView {
    public var trimmedRange: Range<Int> { node.trimmedRange }
    public var text: String { node.text }
}

// MARK: - Declarations

/// `struct`, `class`, `enum`, `actor`, `protocol` or `extension`.
public struct TypeDecl: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        switch node.kind {
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: self.node = node
        default: return nil
        }
    }

    public var isExtension: Bool { node.kind == .extensionDecl }
    /// The declared name, or for an extension the extended type's text.
    public var name: String? {
        if isExtension { return node.firstChild { $0.kind != .attribute && $0.kind != .modifier }?.text }
        return nameToken?.text
    }
    public var nameToken: Token? {
        guard !isExtension else { return nil }
        let introducer: Keyword
        switch node.kind {
        case .structDecl: introducer = .struct
        case .classDecl: introducer = .class
        case .enumDecl: introducer = .enum
        case .actorDecl: introducer = .actor
        default: introducer = .protocol
        }
        // The introducer is a token of the declaration itself; the name follows it.
        guard let keyword = node.token(introducer), let name = keyword.next, name.index < node.endTokenIndex,
              name.kind == .identifier || name.kind == .keyword else { return nil }
        return name
    }
    public var attributes: [Attribute] { node.children(.attribute).compactMap(Attribute.init) }
    public var modifiers: [Node] { node.children(.modifier) }
    public var genericParameterClause: Node? { node.child(.genericParameterClause) }
    public var isGeneric: Bool { genericParameterClause != nil }
    public var inheritanceClause: Node? { node.child(.inheritanceClause) }
    /// Names of inherited types and conformances as written (`View`, `SwiftUI.View`).
    public var inheritedTypeNames: [String] {
        inheritanceClause?.childNodes.map { $0.text } ?? []
    }
    public var memberBlock: Node? { node.child(.memberBlock) }
    /// Member declarations, including those inside `#if` clauses.
    public var members: [Node] { memberBlock.map(flattenIfConfig) ?? [] }
}

/// Declarations directly inside a member block or code block, looking through `#if`.
public func flattenIfConfig(_ container: Node) -> [Node] {
    let children = container.childNodes
    // Most blocks hold no `#if`: their children are the answer as they are.
    guard children.contains(where: { $0.kind == .ifConfig }) else { return children }
    var result: [Node] = []
    result.reserveCapacity(children.count)
    for child in children {
        if child.kind == .ifConfig {
            for clause in child.children(.ifConfigClause) { result.append(contentsOf: flattenIfConfig(clause)) }
        } else {
            result.append(child)
        }
    }
    return result
}

/// `@Name(arguments)`.
public struct Attribute: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .attribute else { return nil }
        self.node = node
    }
    /// The attribute's name without `@`: `State`, `ViewBuilder`, `Environment`.
    public var name: String {
        // The name's tokens follow `@` (a child, such as the arguments, starts with another
        // kind of token). Written without trivia between them, as nearly always, the name
        // is their bytes at once; else their texts joined.
        let tree = node.tree
        var t = node.firstTokenIndex + 1
        let end = node.endTokenIndex
        guard t < end else { return "" }
        let first = t
        var contiguous = true
        func isNamePart(_ kind: TokenKind) -> Bool { kind == .identifier || kind == .keyword || kind == .period }
        while t < end, isNamePart(tree.tokens[t].kind) {
            if t > first && tree.tokens[t].textStart != tree.tokens[t - 1].textEnd { contiguous = false }
            t += 1
        }
        guard t > first else { return "" }
        if contiguous { return tree.text(Int(tree.tokens[first].textStart)..<Int(tree.tokens[t - 1].textEnd)) }
        return (first..<t).map { Token(tree: tree, index: $0).text }.joined()
    }
    public var arguments: Node? { node.child(.argumentList) }
}

/// Modifiers and attributes shared by declarations.
public struct DeclModifiers {
    public let node: Node
    public var attributes: [Attribute] { node.children(.attribute).compactMap(Attribute.init) }
    public var modifiers: [String] { node.children(.modifier).compactMap { $0.firstToken?.text } }
    /// Whether one of the modifiers is `modifier`; an ASCII name (every modifier keyword)
    /// is compared as bytes, without making the modifiers' strings.
    public func has(_ modifier: String) -> Bool {
        guard modifier.utf8.allSatisfy({ $0 < 0x80 }) else { return modifiers.contains(modifier) }
        return node.firstChild { child in
            guard child.kind == .modifier, let token = child.firstToken else { return false }
            return token.textRange.count == modifier.utf8.count
                && node.tree.bytes[token.textRange].elementsEqual(modifier.utf8)
        } != nil
    }
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    /// The last attribute, found without listing them.
    public var lastAttribute: Attribute? { node.lastChild(.attribute).flatMap(Attribute.init) }
}

/// `let`/`var` with one or more bindings.
public struct VariableDecl: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .variableDecl else { return nil }
        self.node = node
    }
    public var modifiers: DeclModifiers { DeclModifiers(node: node) }
    public var isLet: Bool { node.token(.let) != nil }
    /// `static` or `class`, found in one pass over the modifiers.
    public var isStatic: Bool {
        // Read by index: asked of every property, and a node and a token made per
        // modifier each retained the tree.
        let tree = node.tree
        var c = node.index - 1
        let start = Int(tree.nodes[node.index].subtreeStart)
        while c >= start {
            let child = tree.nodes[c]
            if child.kind == .modifier, child.firstToken != child.endToken {
                let keyword = tree.tokens[Int(child.firstToken)].keyword
                if keyword == .static || keyword == .class { return true }
            }
            c = Int(child.subtreeStart) - 1
        }
        return false
    }
    public var bindingKeyword: Token? { node.ownTokens.first { $0.keyword == .let || $0.keyword == .var } }
    /// Asked of every property: a declaration of one binding (nearly all) makes no list.
    public var bindings: PatternBindings {
        let tree = node.tree
        let start = Int(tree.nodes[node.index].subtreeStart)
        var count = 0
        var last = -1
        var c = node.index - 1
        while c >= start {
            if tree.nodes[c].kind == .patternBinding { count += 1; if last < 0 { last = c } }
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        guard count > 1 else { return PatternBindings(tree: tree, single: count == 1 ? last : nil, several: []) }
        var several: [Int] = []
        several.reserveCapacity(count)
        // Children walked from the last: appended back to front, then reversed.
        c = node.index - 1
        while c >= start {
            if tree.nodes[c].kind == .patternBinding { several.append(c) }
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        several.reverse()
        return PatternBindings(tree: tree, single: nil, several: several)
    }
}

/// The bindings of a `VariableDecl`, in source order.
public struct PatternBindings: RandomAccessCollection, Sendable {
    private let tree: SyntaxTree
    /// The node of the only binding, when there is exactly one.
    private let single: Int?
    /// The nodes of the bindings, when there are several.
    private let several: [Int]

    init(tree: SyntaxTree, single: Int?, several: [Int]) {
        self.tree = tree
        self.single = single
        self.several = several
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { single != nil ? 1 : several.count }
    public subscript(position: Int) -> PatternBinding {
        precondition(position >= 0 && position < endIndex, "binding index out of range")
        return PatternBinding(checked: Node(tree: tree, index: single ?? several[position]))
    }
}

/// `pattern: Type = value { accessors }`.
public struct PatternBinding: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .patternBinding else { return nil }
        self.node = node
    }
    /// A binding whose node is known to be one (a `patternBinding` child).
    init(checked node: Node) { self.node = node }
    public var pattern: Node? { node.firstChildNode }
    /// The bound name when the pattern is a plain identifier.
    public var name: String? { nameToken?.text }
    /// The token of `name`.
    public var nameToken: Token? {
        guard let p = pattern, p.kind == .identifierPattern else { return nil }
        return p.firstToken
    }
    public var type: Node? { node.child(.typeAnnotation)?.firstChildNode }
    public var initializer: Node? { node.child(.initializerClause)?.firstChildNode }
    public var accessorBlock: Node? { node.child(.accessorBlock) }
    /// Whether the binding has a getter body (`var x: Int { … }` or `{ get { … } }`).
    public var isComputed: Bool {
        guard let block = accessorBlock else { return false }
        let accessors = block.children(.accessorDecl)
        if accessors.isEmpty { return true }
        return accessors.contains { $0.firstToken?.keyword == .get || $0.firstToken?.keyword == .set }
    }
    /// Statements of the implicit getter or of `get { }`.
    public var getterStatements: [Node]? {
        guard let block = accessorBlock else { return nil }
        let accessors = block.children(.accessorDecl)
        if accessors.isEmpty { return block.childNodes }
        guard let getter = accessors.first(where: { $0.ownTokens.contains { $0.keyword == .get } }) else { return nil }
        return getter.child(.codeBlock)?.childNodes
    }
}

/// `func`, `init` or `subscript`.
public struct FunctionLikeDecl: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        switch node.kind {
        case .functionDecl, .initializerDecl, .subscriptDecl, .deinitDecl: self.node = node
        default: return nil
        }
    }
    public var modifiers: DeclModifiers { DeclModifiers(node: node) }
    public var name: String? {
        switch node.kind {
        case .initializerDecl: return "init"
        case .subscriptDecl: return "subscript"
        case .deinitDecl: return "deinit"
        default:
            let tokens = node.ownTokens
            guard let f = tokens.firstIndex(where: { $0.keyword == .func }), f + 1 < tokens.count else { return nil }
            return tokens[f + 1].text
        }
    }
    public var genericParameterClause: Node? { node.child(.genericParameterClause) }
    public var signature: Node? { node.child(.functionSignature) }
    public var parameters: [Parameter] {
        signature?.child(.parameterClause)?.children(.parameter).compactMap(Parameter.init) ?? []
    }
    public var effects: Node? { signature?.child(.effectSpecifiers) }
    public var returnType: Node? { signature?.child(.returnClause)?.firstChildNode }
    public var body: CodeBlock? { node.child(.codeBlock).flatMap(CodeBlock.init) }
    public var accessorBlock: Node? { node.child(.accessorBlock) }
}

/// One parameter of a function, initializer, subscript or enum case.
public struct Parameter: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .parameter else { return nil }
        self.node = node
    }
    private var names: [Token] {
        Array(node.ownTokens.prefix { $0.kind != .colon }.filter { $0.kind == .identifier || $0.kind == .keyword || $0.kind == .dollarIdentifier })
    }
    /// The argument label (`_` when none).
    public var label: String? { names.first?.text }
    /// The name used inside the body.
    public var name: String? { names.last?.text }
    public var type: Node? { node.firstChild { $0.kind != .attribute && $0.kind != .initializerClause } }
    public var defaultValue: Node? { node.child(.initializerClause)?.firstChildNode }
}

/// `case a, b(Int), c = 1`.
public struct EnumCaseDecl: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .enumCaseDecl else { return nil }
        self.node = node
    }
    public var elementNames: [String] {
        node.children(.enumCaseElement).compactMap { $0.firstToken?.text }
    }
}

/// `typealias Name = Type`.
public struct TypealiasDecl: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .typealiasDecl else { return nil }
        self.node = node
    }
    public var name: String? {
        let tokens = node.ownTokens
        guard let t = tokens.firstIndex(where: { $0.keyword == .typealias }), t + 1 < tokens.count else { return nil }
        return tokens[t + 1].text
    }
    public var aliasedType: Node? { node.child(.initializerClause)?.firstChildNode }
}

/// `#if` with its clauses.
public struct IfConfig: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .ifConfig else { return nil }
        self.node = node
    }
    public var clauses: [Node] { node.children(.ifConfigClause) }
}

// MARK: - Statements

/// `{ statements }`.
public struct CodeBlock: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .codeBlock || node.kind == .accessorBlock else { return nil }
        self.node = node
    }
    public var statements: [Node] { node.childNodes }
    public var leftBrace: Token? { node.token(.leftBrace) }
    public var rightBrace: Token? { node.ownTokens.last { $0.kind == .rightBrace } }
}

/// `if` as a statement or expression.
public struct IfExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .ifExpr else { return nil }
        self.node = node
    }
    public var conditions: [Node] { node.child(.conditionList)?.children(.condition) ?? [] }
    public var body: CodeBlock? { node.child(.codeBlock).flatMap(CodeBlock.init) }
    /// The `else` branch: a code block or another `if`.
    public var elseBranch: Node? {
        guard node.token(.else) != nil else { return nil }
        return node.childNodes.last { $0.kind == .codeBlock || $0.kind == .ifExpr }.flatMap { last in
            last == node.child(.codeBlock) && node.children(.codeBlock).count == 1 && last.kind == .codeBlock ? nil : last
        }
    }
}

/// `for pattern in sequence where condition { }`.
public struct ForStmt: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .forStmt else { return nil }
        self.node = node
    }
    public var pattern: Node? { node.firstChildNode }
    public var sequence: Node? {
        let nodes = node.childNodes.filter { $0.kind != .typeAnnotation }
        return nodes.count >= 2 ? nodes[1] : nil
    }
    public var body: CodeBlock? { node.child(.codeBlock).flatMap(CodeBlock.init) }
}

// MARK: - Expressions

/// A name in expression position.
public struct IdentifierExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .identifierExpr else { return nil }
        self.node = node
    }
    public var name: String? { node.firstToken?.text }
    public var genericArguments: Node? { node.child(.genericArgumentClause) }
}

/// `base.member` or `.member`.
public struct MemberAccessExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .memberAccessExpr else { return nil }
        self.node = node
    }
    /// The expression before the dot; nil for an implicit member (`.red`).
    public var base: Node? {
        // By index, making only the node returned.
        let tree = node.tree, own = tree.nodes[node.index]
        guard let first = node.firstChildIndex, tree.nodes[first].kind != .genericArgumentClause,
              tree.nodes[first].firstToken == own.firstToken,
              own.firstToken == own.endToken || tree.tokens[Int(own.firstToken)].kind != .period else { return nil }
        return Node(tree: tree, index: first)
    }
    /// The dot: right after the base, or the first token of an implicit member.
    public var period: Token? {
        let at = base?.endTokenIndex ?? node.firstTokenIndex
        guard at < node.endTokenIndex, node.tree.tokens[at].kind == .period else { return node.token(.period) }
        return Token(tree: node.tree, index: at)
    }
    public var nameToken: Token? {
        guard let p = period, let next = p.next, next.index < node.endTokenIndex else { return nil }
        return next
    }
    public var name: String? { nameToken?.text }
    /// Whether `name` is `name`, comparing bytes: for the many accesses a rule passes over.
    public func nameIs(_ name: StaticString) -> Bool { nameToken?.textIs(name) ?? false }
}

/// `callee(arguments) { trailing } label: { more }`.
public struct FunctionCallExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .functionCallExpr || node.kind == .macroExpansionExpr || node.kind == .subscriptCallExpr else { return nil }
        self.node = node
    }
    public var callee: Node? { node.kind == .macroExpansionExpr ? nil : node.firstChildNode }
    /// The called name: `ForEach` for `ForEach(…)`, `padding` for `x.padding()`,
    /// `Preview` for `#Preview`.
    public var calleeName: String? { calleeNameToken?.text }
    /// The token `calleeName` reads, without making its text.
    public var calleeNameToken: Token? {
        if node.kind == .macroExpansionExpr { return node.ownTokens.dropFirst().first }
        // Read by index: every call of a file is asked, and each node made on the way
        // retained the tree.
        let tree = node.tree
        guard var callee = node.firstChildIndex else { return nil }
        if tree.nodes[callee].kind == .genericSpecializationExpr,
           let specialized = Node(tree: tree, index: callee).firstChildIndex { callee = specialized }
        let raw = tree.nodes[callee]
        switch raw.kind {
        case .identifierExpr: return raw.firstToken == raw.endToken ? nil : Token(tree: tree, index: Int(raw.firstToken))
        case .memberAccessExpr:
            // Nearly always the name ends the access, right after its period (`x.name`,
            // `.name`): read from the last two tokens, without finding the base.
            let last = Int(raw.endToken) - 1
            if last > Int(raw.firstToken), tree.tokens[last - 1].kind == .period {
                return Token(tree: tree, index: last)
            }
            return MemberAccessExpr(Node(tree: tree, index: callee))?.nameToken
        default: return nil
        }
    }
    /// Whether `calleeName` is `name`, comparing bytes: for the many calls a rule asks
    /// about that are not the one it looks for.
    public func calleeNameIs(_ name: StaticString) -> Bool { calleeNameToken?.textIs(name) ?? false }
    public var argumentList: Node? { node.child(.argumentList) }
    public var arguments: [Argument] { argumentList?.children(.argument).compactMap(Argument.init) ?? [] }
    public var trailingClosure: ClosureExpr? { node.child(.closureExpr).flatMap(ClosureExpr.init) }
    public var additionalTrailingClosures: [Node] { node.children(.labeledTrailingClosure) }
    /// The argument with `label`, if any.
    public func argument(_ label: String) -> Argument? {
        // The labels compared as bytes, no list made: manifests and rules ask often.
        argumentList?.firstChild { $0.kind == .argument && Argument($0)?.labelToken?.textEquals(label) == true }
            .flatMap(Argument.init)
    }
}

/// `label: value` or `value`.
public struct Argument: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .argument else { return nil }
        self.node = node
    }
    public var labelToken: Token? {
        // The first two tokens of the argument's own (not its expression's), found without
        // listing them all: every argument of a file may be asked.
        var first = -1, second = -1
        _ = node.firstOwnTokenIndex { index in
            if first < 0 { first = index; return false }
            second = index
            return true
        }
        let tokens = node.tree.tokens
        guard second >= 0, tokens[second].kind == .colon, tokens[first].kind != .comma else { return nil }
        return Token(tree: node.tree, index: first)
    }
    public var label: String? { labelToken?.text }
    public var expression: Node? { node.firstChildNode }
    public var trailingComma: Token? { node.ownTokens.last { $0.kind == .comma } }
}

/// `{ [captures] (params) -> R in statements }`.
public struct ClosureExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .closureExpr else { return nil }
        self.node = node
    }
    public var signature: Node? { node.child(.closureSignature) }
    public var captureList: Node? { signature?.child(.captureList) }
    public var parameterClause: Node? { signature?.child(.closureParameterClause) }
    public var parameters: [ClosureParameter] {
        parameterClause?.children(.closureParameter).compactMap(ClosureParameter.init) ?? []
    }
    /// `x in` rather than `(x: T) in`.
    public var hasShorthandParameters: Bool { parameterClause.map { $0.token(.leftParen) == nil } ?? false }
    public var inToken: Token? { signature?.ownTokens.last { $0.keyword == .in } }
    public var statements: [Node] { node.childNodes.filter { $0.kind != .closureSignature } }
    public var leftBrace: Token? { node.firstToken }
    public var rightBrace: Token? { node.lastToken?.kind == .rightBrace ? node.lastToken : nil }
}

/// One closure parameter: `x`, `$item`, `(x: Int)`.
public struct ClosureParameter: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .closureParameter else { return nil }
        self.node = node
    }
    private var names: [Token] {
        Array(node.ownTokens.prefix { $0.kind != .colon }.filter { $0.kind == .identifier || $0.kind == .keyword || $0.kind == .dollarIdentifier })
    }
    public var name: String? { names.last?.text }
    public var nameToken: Token? { names.last }
    public var type: Node? { node.firstChild { $0.kind != .attribute } }
}

/// `\Root.path`.
public struct KeyPathExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .keyPathExpr else { return nil }
        self.node = node
    }
    public var root: Node? { node.child(.identifierType) }
    /// The path after the root, as written: `.id`, `.self`, `.name.count`.
    public var components: String {
        let start = root?.trimmedRange.upperBound ?? (node.firstToken.map { $0.textRange.upperBound } ?? 0)
        return node.tree.text(start..<node.trimmedRange.upperBound)
    }
}

/// A string literal with its segments and interpolations.
public struct StringLiteralExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .stringLiteralExpr else { return nil }
        self.node = node
    }
    public var interpolations: [Node] { node.children(.interpolation) }
    public var segments: [Token] { node.ownTokens.filter { $0.kind == .stringSegment } }
    public var isStatic: Bool { interpolations.isEmpty }
}

/// Operands and operators in source order.
public struct SequenceExpr: SyntaxView {
    public let node: Node
    public init?(_ node: Node) {
        guard node.kind == .sequenceExpr else { return nil }
        self.node = node
    }
    public var elements: [Syntax] { node.children }
    /// Whether this is `lhs = rhs`.
    public var isAssignment: Bool { node.child(.assignmentExpr) != nil }
    public var assignmentTarget: Node? { isAssignment ? node.firstChildNode : nil }
    public var assignedValue: Node? {
        guard isAssignment else { return nil }
        let nodes = node.childNodes
        guard let i = nodes.firstIndex(where: { $0.kind == .assignmentExpr }), i + 1 < nodes.count else { return nil }
        return nodes[i + 1]
    }
}
