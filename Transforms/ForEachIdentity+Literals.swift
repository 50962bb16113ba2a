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
        // A parameter or local declared between the use and the type: a local `let` bound to
        // a literal still counts.
        if !viaSelf, let local = LocalDeclaration.nearest(name, at: source) {
            guard case .variable(let variable, let binding) = local else { return false }
            return variable.isLet && binding.initializer?.kind == .arrayExpr
        }
        guard let typeNode = FileTypes.innermostType(of: source), let type = TypeDecl(typeNode) else { return false }
        return memberLiteral(name, of: type)
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
