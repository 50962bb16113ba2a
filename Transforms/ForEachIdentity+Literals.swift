// Rows over a collection the source writes out as an array literal: its count and its
// order never change, so identifying its rows by position is right, not a hazard.
import Codemod
import SwiftCST

extension IdentityPass {
    /// Whether `source` is an array literal, or names one that never changes: a `let` (or
    /// `static let`) of the enclosing type initialized with one, a computed property that
    /// only returns one, or a local `let` bound to one before `source`. A name declared again
    /// nearer (a parameter, a closure parameter, another local) is not followed.
    func isWrittenOutLiteral(_ source: Node) -> Bool {
        if source.kind == .arrayExpr { return true }
        let name: String
        var viaSelf = false
        if source.kind == .identifierExpr, let token = source.firstToken, source.endTokenIndex == token.index + 1,
           token.kind == .identifier {
            name = token.text
        } else if let access = MemberAccessExpr(source), let base = access.base, let member = access.name,
                  base.kind == .identifierExpr || base.kind == .typeExpr,
                  base.firstToken?.keyword == .self || base.firstToken?.keyword == .Self
                    || base.text == FileTypes.innermostType(of: source).flatMap({ TypeDecl($0)?.name }) {
            // `self.pages`, `Self.pages`, `Onboarding.pages`.
            name = member
            viaSelf = true
        } else {
            return false
        }
        // Locals, parameters and closure parameters between the use and the type.
        var child = source
        var current = source.parent
        while let scope = current, TypeDecl(scope) == nil {
            if !viaSelf {
                switch scope.kind {
                case .closureExpr:
                    guard let closure = ClosureExpr(scope) else { return false }
                    if closure.parameters.contains(where: { $0.name == name }) { return false }
                    if let bound = localLiteral(name, in: closure.statements, before: child) { return bound }
                case .functionDecl, .initializerDecl, .subscriptDecl:
                    if FunctionLikeDecl(scope)?.parameters.contains(where: { $0.name == name }) == true { return false }
                case .codeBlock, .sourceFile:
                    if let bound = localLiteral(name, in: scope.childNodes, before: child) { return bound }
                case .forStmt, .ifExpr, .guardStmt, .whileStmt, .switchCase, .catchClause:
                    // `for pages in …`, `if let pages`: bound by a pattern nearer than the type.
                    for part in scope.childNodes where part != child && part.kind != .codeBlock
                        && part.containsDescendant(.identifierPattern, where: { $0.text == name }) {
                        return false
                    }
                default:
                    break
                }
            }
            child = scope
            current = scope.parent
        }
        guard let typeNode = current, let type = TypeDecl(typeNode) else { return false }
        return memberLiteral(name, of: type)
    }

    /// Whether the last declaration of `name` among `statements` before `use` binds a `let`
    /// to an array literal; nil when none declares it.
    private func localLiteral(_ name: String, in statements: [Node], before use: Node) -> Bool? {
        var found: Bool?
        for statement in statements where statement.range.upperBound <= use.range.lowerBound {
            guard let variable = VariableDecl(statement) ?? statement.firstChildNode.flatMap(VariableDecl.init),
                  let binding = variable.bindings.first(where: { $0.name == name }) else { continue }
            found = variable.isLet && binding.initializer?.kind == .arrayExpr
        }
        return found
    }

    /// Whether the member `name` of `type` is a `let` initialized with an array literal, or a
    /// computed property that only returns one.
    private func memberLiteral(_ name: String, of type: TypeDecl) -> Bool {
        for member in type.members {
            guard let variable = VariableDecl(member), variable.bindings.count == 1,
                  let binding = variable.bindings.first, binding.name == name else { continue }
            if variable.isLet { return binding.initializer?.kind == .arrayExpr }
            guard binding.isComputed, let statements = binding.getterStatements, statements.count == 1 else { return false }
            let statement = statements[0]
            if statement.kind == .arrayExpr { return true }
            if statement.kind == .returnStmt, let value = statement.firstChildNode { return value.kind == .arrayExpr }
            return statement.firstChildNode?.kind == .arrayExpr && statement.childNodes.count == 1
        }
        return false
    }
}
