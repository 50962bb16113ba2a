// How formatter-in-body reads a construction's configuration and uses, and decides
// which values are constants. Split from FormatterInBody.swift, which plans the fixes.
import Codemod
import SwiftCST

extension HoistPlanner {
    // MARK: - Configuration and uses

    /// One assignment or setter call of a configuration statement: the value it stores, if any.
    struct ConfigurationPiece { var value: Node? }

    /// The values a configuration statement (or `#if` of them) reads.
    func configurationPieces(_ statement: Node) -> [ConfigurationPiece] {
        if statement.kind == .ifConfig {
            return statement.children(.ifConfigClause).flatMap { ifConfigClauseStatements($0).flatMap(configurationPieces) }
        }
        if let sequence = SequenceExpr(statement), sequence.isAssignment { return [ConfigurationPiece(value: sequence.assignedValue)] }
        if let call = FunctionCallExpr(statement) { return call.arguments.map { ConfigurationPiece(value: $0.expression) } }
        return []
    }

    /// Whether `statement` only configures `name`: `name.p = v`, `name.setX(…)`, or a `#if`
    /// whose clauses hold only such statements.
    func isConfiguration(_ statement: Node, of name: String) -> Bool {
        if statement.kind == .ifConfig {
            var count = 0
            for clause in statement.children(.ifConfigClause) {
                for child in ifConfigClauseStatements(clause) {
                    guard isConfiguration(child, of: name) else { return false }
                    count += 1
                }
            }
            return count > 0
        }
        if let sequence = SequenceExpr(statement), sequence.isAssignment, let target = sequence.assignmentTarget,
           let access = MemberAccessExpr(target), access.base?.kind == .identifierExpr, access.base?.textEquals(name) == true,
           sequence.node.childNodes.count == 3 {
            return true
        }
        if let call = FunctionCallExpr(statement), call.node.kind == .functionCallExpr, call.trailingClosure == nil,
           let callee = call.callee, let access = MemberAccessExpr(callee), access.base?.kind == .identifierExpr,
           access.base?.textEquals(name) == true, let method = access.name, isSetter(method) {
            return true
        }
        return false
    }

    func isSetter(_ method: String) -> Bool {
        method.hasPrefix("set") && method.count > 3 && method.dropFirst(3).first?.isUppercase == true
    }

    /// Whether `.name` on the object changes it (assigned, or a `setX` call).
    func isMutatingUse(_ access: MemberAccessExpr) -> Bool {
        if let name = access.name, isSetter(name) { return true }
        if let parent = access.node.parent, let sequence = SequenceExpr(parent), sequence.isAssignment,
           sequence.assignmentTarget == access.node { return true }
        return false
    }

    /// Why the uses of local `name` in `statements` forbid sharing the object, or nil.
    func useProblem(of name: String, in statements: [Node]) -> String? {
        for statement in statements {
            for node in statement.preorder {
                switch node.kind {
                case .identifierPattern where node.textEquals(name):
                    return "the name `\(name)` is declared again below; rename one and run again"
                case .closureParameter where ClosureParameter(node)?.name == name:
                    return "the name `\(name)` is declared again below; rename one and run again"
                case .identifierExpr where node.textEquals(name):
                    if let reason = useProblem(ofReference: node, name: name) { return reason }
                case .captureItem where hasIdentifierToken(node, spelling: name):
                    return "`\(name)` is named in a closure's capture list, which the fix would leave naming nothing; hoist it by hand"
                default: continue
                }
            }
        }
        return nil
    }

    /// Why one reference to the object forbids sharing it, or nil when it only reads it.
    func useProblem(ofReference reference: Node, name: String) -> String? {
        guard let parent = reference.parent else { return nil }
        switch parent.kind {
        case .memberAccessExpr where parent.firstChildNode == reference:
            guard let access = MemberAccessExpr(parent) else { return nil }
            if isMutatingUse(access) {
                let inBlock = parent.ancestors.contains { [.ifExpr, .forStmt, .whileStmt, .guardStmt, .switchExpr].contains($0.kind) }
                if inBlock && isConfigurationStatement(parent) {
                    return "`\(name)` is configured under a condition or in a loop; hoist it by hand"
                }
                return "`\(name)` is changed after it is first used; sharing one object would keep the change"
            }
            return nil
        case .argument:
            if Argument(parent)?.label == "formatter" { return nil }
            return "`\(name)` is passed to \(calleeDescription(of: parent)), which may keep or change it"
        case .returnStmt:
            return "`\(name)` is returned to the caller, which may keep or change it"
        case .sequenceExpr:
            if let sequence = SequenceExpr(parent), sequence.isAssignment {
                return sequence.assignmentTarget == reference ? "`\(name)` is reassigned" : "`\(name)` is stored elsewhere, which may keep or change it"
            }
            return "`\(name)` is used in an expression the rule cannot follow"
        case .memberAccessExpr:
            return nil  // `self.name`, reported by the caller on the access node.
        default:
            if isImplicitReturn(reference) { return "`\(name)` is returned to the caller, which may keep or change it" }
            return "`\(name)` is used in a way the rule cannot follow (it may escape)"
        }
    }

    /// Whether the member access is the target of a statement-level assignment or setter call.
    func isConfigurationStatement(_ access: Node) -> Bool {
        guard let parent = access.parent else { return false }
        return parent.kind == .sequenceExpr || parent.kind == .functionCallExpr
    }

    func calleeDescription(of argument: Node) -> String {
        if let list = argument.parent, let call = list.parent.flatMap(FunctionCallExpr.init), let name = call.calleeName {
            return "`\(name)`"
        }
        return "another call"
    }
}
