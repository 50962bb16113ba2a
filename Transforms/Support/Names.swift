// Naming what a fix introduces: the names a scope already uses, and a fresh name that
// shadows nothing and is shadowed by nothing.
import Codemod
import SwiftCST

/// Names declared and used around a place in a file, and the choice of new ones.
enum Names {
    /// Words that can never name a new declaration.
    static let reserved: Set<String> = [
        "self", "Self", "super", "true", "false", "nil", "in", "is", "as", "let", "var", "func", "if", "else", "for",
        "while", "do", "case", "default", "switch", "return", "where", "class", "struct", "enum", "protocol",
        "import", "init", "repeat", "break", "continue", "throw", "throws", "try", "catch", "guard", "defer",
        "static", "inout", "operator", "extension", "subscript", "typealias", "internal", "private", "public",
        "fileprivate", "rethrows", "Any", "some", "any",
    ]

    /// The first of `candidates` that is neither reserved nor taken, else `fallback2`,
    /// `fallback3`, … (the first free one).
    static func fresh(_ candidates: [String], fallback: String, isTaken: (String) -> Bool) -> String {
        for candidate in candidates where !isTaken(candidate) && !reserved.contains(candidate) { return candidate }
        var number = 2
        while isTaken(fallback + String(number)) { number += 1 }
        return fallback + String(number)
    }

    /// `base` when free, else `base2`, `base3`, …
    static func fresh(_ base: String, isTaken: (String) -> Bool) -> String {
        fresh([base], fallback: base, isTaken: isTaken)
    }

    /// `items` → `item`, `entries` → `entry`, `boxes` → `box`; nil when the name is not a
    /// plain plural.
    /// Plurals of words ending in `-ie`, whose singular keeps it.
    private static let pluralsOfIE = ["movies", "cookies", "zombies", "selfies", "calories", "hoodies", "rookies", "goalies",
                                      "pies", "ties", "lies", "brownies", "smoothies", "prairies", "genies", "aunties"]

    static func singular(of name: String) -> String? {
        guard name.count > 2, name.first.map({ $0.isLetter || $0 == "_" }) == true,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        // The last word of a camel-case name decides: `topMovies` ends in the word `movies`,
        // but `activities` and `cities` do not end in the word `ties`.
        let lastWord = (name.lastIndex(where: { $0.isUppercase }).map { name[$0...] } ?? name[...]).lowercased()
        // Plurals that are their own singular (`series`), and `-ie` words (`movies`).
        if ["series", "species", "news"].contains(lastWord) { return nil }
        if Names.pluralsOfIE.contains(lastWord) { return String(name.dropLast()) }
        if name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        for suffix in ["sses", "xes", "ches", "shes"] where name.hasSuffix(suffix) { return String(name.dropLast(2)) }
        if name.hasSuffix("s") && !name.hasSuffix("ss") && !name.hasSuffix("us") { return String(name.dropLast()) }
        return nil
    }

    /// `DateFormatter` → `dateFormatter`, `JSONDecoder` → `jsonDecoder`,
    /// `NSRegularExpression` → `regularExpression`.
    static func lowerCamel(_ typeName: String) -> String {
        // ASCII (nearly every type name): by bytes, as the characters below would give it.
        if typeName.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(typeName.utf8)
            let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5a }
            if bytes.count > 2, bytes[0] == 0x4e, bytes[1] == 0x53, isUpper(bytes[2]) { bytes.removeFirst(2) }
            var run = 0
            while run < bytes.count && (isUpper(bytes[run]) || (bytes[run] >= 0x30 && bytes[run] <= 0x39)) { run += 1 }
            let lowered = run <= 1 || run == bytes.count ? max(run, 1) : run - 1
            for index in 0..<min(lowered, bytes.count) where isUpper(bytes[index]) { bytes[index] |= 0x20 }
            return String(decoding: bytes, as: UTF8.self)
        }
        var name = typeName
        if name.hasPrefix("NS"), name.count > 2, name.dropFirst(2).first?.isUppercase == true { name = String(name.dropFirst(2)) }
        let characters = Array(name)
        var run = 0
        while run < characters.count && (characters[run].isUppercase || characters[run].isNumber) { run += 1 }
        if run <= 1 || run == characters.count { return name.prefix(max(run, 1)).lowercased() + name.dropFirst(max(run, 1)) }
        return String(characters[0..<(run - 1)]).lowercased() + String(characters[(run - 1)...])
    }

    // MARK: - What a scope declares

    /// The names a declaration statement introduces in its scope.
    static func declared(by declaration: Node) -> [String] {
        switch declaration.kind {
        case .variableDecl:
            return VariableDecl(declaration)?.bindings.flatMap { binding in binding.pattern.map(patterns(in:)) ?? [] } ?? []
        case .functionDecl:
            return FunctionLikeDecl(declaration)?.name.map { [$0] } ?? []
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl:
            return TypeDecl(declaration)?.nameToken.map { [$0.text] } ?? []
        case .enumCaseDecl:
            return EnumCaseDecl(declaration)?.elementNames ?? []
        case .typealiasDecl:
            return TypealiasDecl(declaration)?.name.map { [$0] } ?? []
        case .guardStmt:
            return declaration.child(.conditionList).map(patterns(in:)) ?? []
        default:
            return []
        }
    }

    /// The names bound by the patterns inside `node` (and by `if let name` conditions).
    static func patterns(in node: Node) -> [String] {
        var names: [String] = []
        for pattern in node.descendants(.identifierPattern) {
            if let token = pattern.firstToken { names.append(token.text) }
        }
        if node.kind == .conditionList {
            // `if let name` binds `name` without a pattern node.
            for condition in node.children(.condition) {
                if let first = condition.firstToken, first.keyword == .let || first.keyword == .var, let next = first.next {
                    names.append(next.text)
                }
            }
        }
        return names
    }

    /// The declarations of `name` inside `nodes`: bound patterns, parameters, closure
    /// parameters and functions: what a new use of `name` there could mean instead.
    static func binders(of name: String, in nodes: [Node]) -> [Node] {
        nodes.flatMap { $0.preorder }.filter { node in
            switch node.kind {
            case .identifierPattern: return node.text == name
            case .parameter: return Parameter(node)?.name == name
            case .closureParameter: return ClosureParameter(node)?.name == name
            case .functionDecl: return FunctionLikeDecl(node)?.name == name
            default: return false
            }
        }
    }

    /// The names declared at file scope (through `#if` blocks).
    static func fileScope(of tree: SyntaxTree) -> Set<String> {
        var names = Set<String>()
        for declaration in flattenIfConfig(tree.root) { names.formUnion(declared(by: declaration)) }
        return names
    }

    /// The names code inside `node` could clash with: every name written in it, and every
    /// name declared in the scopes around it up to (not including) file scope: locals,
    /// parameters, bound patterns, and the members the index knows for the enclosing types.
    static func around(_ node: Node, index: ProjectIndex) -> Set<String> {
        let tree = node.tree
        var names: Set<String> = []
        for tokenIndex in node.firstTokenIndex..<node.endTokenIndex {
            let token = tree.token(at: tokenIndex)
            if token.kind == .identifier || token.kind == .keyword { names.insert(token.text) }
            if token.kind == .dollarIdentifier { names.insert(String(token.text.dropFirst())) }
        }
        var child = node
        var current = node.parent
        while let scope = current {
            switch scope.kind {
            case .closureExpr:
                names.formUnion(ClosureExpr(scope)?.parameters.compactMap { $0.name } ?? [])
            case .functionDecl, .initializerDecl, .subscriptDecl:
                names.formUnion(FunctionLikeDecl(scope)?.parameters.compactMap { $0.name } ?? [])
            case .forStmt, .ifExpr, .guardStmt, .whileStmt, .switchCase, .catchClause:
                for part in scope.childNodes where part != child && part.kind != .codeBlock {
                    names.formUnion(patterns(in: part))
                }
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl:
                if let owner = TypeResolver.enclosingTypeName(of: child) {
                    names.formUnion(index.propertyTypes[owner]?.keys.map { $0 } ?? [])
                }
            default:
                break
            }
            if scope.kind != .sourceFile {
                for sibling in flattenIfConfig(scope) where sibling != child { names.formUnion(declared(by: sibling)) }
            }
            child = scope
            current = scope.parent
        }
        return names
    }

    /// Every identifier written in `node`.
    static func identifiers(in node: Node) -> Set<String> {
        var identifiers = Set<String>()
        guard !node.isEmpty else { return identifiers }
        let tree = node.tree
        for index in node.firstTokenIndex..<node.endTokenIndex where tree.tokens[index].kind == .identifier {
            identifiers.insert(tree.token(at: index).text)
        }
        return identifiers
    }

    /// How many times the identifier `name` is written in `node`.
    static func occurrences(of name: String, in node: Node) -> Int {
        guard !node.isEmpty else { return 0 }
        var count = 0
        for index in node.firstTokenIndex..<node.endTokenIndex {
            let token = node.tree.token(at: index)
            if token.kind == .identifier && token.text == name { count += 1 }
        }
        return count
    }
}
