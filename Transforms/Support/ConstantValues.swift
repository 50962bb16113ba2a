// Whether a value is the same every time code runs: literals, enum cases, type members,
// file-scope constants and initializers of value types from constants.
import SwiftCST

/// Decides which expressions are constants in the members of one type of a file, and says
/// why the others are not (phrased to follow "its configuration …", "its construction …").
struct ConstantValues {
    /// Top-level `let` names of the file.
    let fileConstants: Set<String>
    /// The type whose members are read: its static members are constants, its instance
    /// properties and `@Environment` values are not.
    let type: TypeDecl?
    /// Types whose initializers build a value from constants (`Locale(identifier:)`).
    let valueInitializers: Set<String>

    init(fileConstants: Set<String>, type: TypeDecl?, valueInitializers: Set<String>) {
        self.fileConstants = fileConstants
        self.type = type
        self.valueInitializers = valueInitializers
    }

    /// The names of the file's top-level `let` constants.
    static func fileConstants(of tree: SyntaxTree) -> Set<String> {
        var constants = Set<String>()
        for node in tree.root.childNodes {
            if let variable = VariableDecl(node), variable.isLet {
                for binding in variable.bindings { if let name = binding.name { constants.insert(name) } }
            }
        }
        return constants
    }

    /// Why `expression` is not a constant, phrased to follow "its configuration", or nil.
    func reason(_ expression: Node, in member: Node) -> String? {
        switch expression.kind {
        case .stringLiteralExpr:
            return StringLiteralExpr(expression)?.isStatic == true ? nil : "interpolates values into a string"
        case .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr:
            return nil
        case .memberAccessExpr:
            guard let access = MemberAccessExpr(expression) else { return "reads a value the rule cannot see" }
            guard let base = access.base else { return nil }  // `.medium`
            if access.name == "current" { return "reads `\(base.text).current` when built; hoisting would freeze it" }
            if base.kind == .identifierExpr, let first = base.text.first, first.isUppercase { return nil }
            if base.kind == .memberAccessExpr || base.kind == .typeExpr { return reason(base, in: member) }
            return reason(base, in: member) ?? "reads a value the rule cannot see"
        case .functionCallExpr:
            guard let call = FunctionCallExpr(expression), let name = call.calleeName, call.callee?.kind == .identifierExpr,
                  valueInitializers.contains(name), call.trailingClosure == nil else {
                return "calls a function whose result may change"
            }
            for argument in call.arguments {
                if let e = argument.expression, let reason = reason(e, in: member) { return reason }
            }
            return nil
        case .forceUnwrapExpr, .tupleExpr, .arrayExpr, .argument, .argumentList, .prefixOperatorExpr:
            for child in expression.childNodes {
                if let reason = reason(child, in: member) { return reason }
            }
            return nil
        case .sequenceExpr:
            for child in expression.childNodes where child.kind != .binaryOperatorExpr {
                if let reason = reason(child, in: member) { return reason }
            }
            return nil
        case .identifierExpr:
            return identifierReason(expression, member: member)
        default:
            return "reads a value the rule cannot prove constant"
        }
    }

    /// What a bare name in a configuration refers to, when it is not a constant.
    private func identifierReason(_ identifier: Node, member: Node) -> String? {
        let name = identifier.text
        if let first = name.first, first.isUppercase { return nil }
        if name == "self" { return "reads instance state (`self`)" }
        // Closure parameters and loop variables between the use and the member.
        var current = identifier.parent
        while let node = current, node != member.parent {
            if let closure = ClosureExpr(node), closure.parameters.contains(where: { $0.name == name }) {
                return "reads the loop or closure variable `\(name)`"
            }
            if name.hasPrefix("$"), node.kind == .closureExpr { return "reads the closure parameter `\(name)`" }
            if let loop = ForStmt(node), loop.pattern?.containsDescendant(.identifierPattern, where: { $0.textEquals(name) }) == true {
                return "reads the loop variable `\(name)`"
            }
            if let function = FunctionLikeDecl(node), function.parameters.contains(where: { $0.name == name }) {
                return "reads the parameter `\(name)`"
            }
            if node.kind == .codeBlock || node.kind == .closureExpr || node.kind == .accessorBlock {
                for statement in node.childNodes where statement.kind == .variableDecl {
                    if VariableDecl(statement)?.bindings.contains(where: { $0.name == name }) == true {
                        return "reads the local value `\(name)`"
                    }
                }
            }
            current = node.parent
        }
        for candidate in type?.members ?? [] {
            guard let variable = VariableDecl(candidate), variable.bindings.contains(where: { $0.name == name }) else { continue }
            if variable.isStatic { return nil }
            if variable.modifiers.attributes.contains(where: { $0.name == "Environment" }) {
                return "reads the environment value `\(name)`; use `Text(value, format: …)`, which formats with the environment's locale and time zone"
            }
            return "reads instance state (`\(name)`)"
        }
        if fileConstants.contains(name) { return nil }
        return "reads `\(name)`, which the rule cannot prove constant"
    }
}
