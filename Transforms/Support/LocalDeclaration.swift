// What a bare name means where it is written: a parameter or a local declared between the
// use and the type around it, which hides the type's member of that name.
import SwiftCST

/// The declaration nearer than the enclosing type that a bare name refers to.
enum LocalDeclaration {
    /// `let name = …` or `var name` among the statements before the use.
    case variable(VariableDecl, PatternBinding)
    /// A parameter, a closure parameter, or a name a condition or pattern binds
    /// (`guard let name`, `if let name`, `for name in`, `case .a(let name)`, `catch`'s `error`).
    case other

    /// The nearest declaration of `name` visible at `node`, looking out through closures,
    /// blocks, statements and functions up to (not into) `owner`, or the first type
    /// declaration; nil when nothing nearer declares it (the name is a member, or global).
    static func nearest(_ name: String, at node: Node, below owner: Node? = nil) -> LocalDeclaration? {
        var child = node
        var current = node.parent
        while let scope = current, scope != owner, TypeDecl(scope) == nil {
            switch scope.kind {
            case .functionDecl, .initializerDecl, .subscriptDecl:
                if FunctionLikeDecl(scope)?.parameters.contains(where: { $0.name == name }) == true { return .other }
            case .closureExpr:
                guard let closure = ClosureExpr(scope) else { break }
                if closure.parameters.contains(where: { $0.name == name }) { return .other }
                if let found = declared(name, in: closure.statements, before: child) { return found }
            case .codeBlock, .accessorBlock, .sourceFile:
                if let found = declared(name, in: scope.childNodes, before: child) { return found }
            case .ifExpr, .whileStmt:
                // `if let name { … }`: the conditions bind into the first block, not `else`.
                if child.kind == .codeBlock, child == scope.child(.codeBlock), let conditions = scope.child(.conditionList),
                   binds(name, in: conditions) {
                    return .other
                }
            case .forStmt, .switchCase, .catchClause:
                // `for name in …`, `case .some(let name):`: the patterns before the body.
                if scope.kind == .catchClause && name == "error" { return .other }
                if scope.childNodes.contains(where: { $0 != child && $0.kind != .codeBlock
                    && $0.trimmedRange.upperBound <= child.trimmedRange.lowerBound && binds(name, in: $0) }) {
                    return .other
                }
            default:
                break
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    /// The last declaration of `name` among `statements` before the one holding `use`: a
    /// `let`/`var`, or a `guard` whose conditions bind it.
    private static func declared(_ name: String, in statements: [Node], before use: Node) -> LocalDeclaration? {
        var found: LocalDeclaration?
        for statement in statements where statement.trimmedRange.upperBound <= use.trimmedRange.lowerBound {
            if let variable = VariableDecl(statement) ?? statement.firstChildNode.flatMap(VariableDecl.init),
               let binding = variable.bindings.first(where: { $0.name == name }) {
                found = .variable(variable, binding)
            } else if statement.kind == .guardStmt, let conditions = statement.child(.conditionList), binds(name, in: conditions) {
                found = .other
            }
        }
        return found
    }

    /// Whether `node` (conditions, a pattern) binds `name`: a pattern naming it, or
    /// `let name` / `var name` written as an expression (`if let name`).
    private static func binds(_ name: String, in node: Node) -> Bool {
        if node.kind == .identifierPattern, node.firstToken?.text == name { return true }
        if node.descendants(.identifierPattern).contains(where: { $0.firstToken?.text == name }) { return true }
        var previous: Token? = nil
        for index in node.firstTokenIndex..<node.endTokenIndex {
            let token = node.tree.token(at: index)
            if token.kind == .identifier, token.text == name, let keyword = previous?.keyword, keyword == .let || keyword == .var {
                return true
            }
            previous = token
        }
        return false
    }
}
