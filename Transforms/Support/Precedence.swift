// Where an expression moved next to an operator or under a postfix needs parentheses to
// keep its meaning: `a || b` beside `&&`, `a ?? b` before `.filter`.
import SwiftCST

enum Precedence {
    /// `a || b`, ternaries and casts would bind differently next to `&&`.
    static func needsParenthesesInConjunction(_ conditionOrExpr: Node) -> Bool {
        let expr = conditionOrExpr.kind == .condition ? conditionOrExpr.firstChildNode : conditionOrExpr
        guard let expr, expr.kind == .sequenceExpr else { return false }
        for child in expr.children {
            switch child {
            case .token(let t) where t.kind == .binaryOperator:
                if !t.textIs("&&") && !t.textIs("==") && !t.textIs("!=") && !t.textIs("<") && !t.textIs(">")
                    && !t.textIs("<=") && !t.textIs(">=") { return true }
            case .node(let n) where n.kind == .ternaryExpr || n.kind == .castExpr || n.kind == .assignmentExpr:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// Whether `.filter` can be appended to the data expression as written.
    static func needsParenthesesAsBase(_ expr: Node) -> Bool {
        switch expr.kind {
        case .identifierExpr, .memberAccessExpr, .functionCallExpr, .subscriptCallExpr, .arrayExpr,
             .tupleExpr, .forceUnwrapExpr, .dictionaryExpr:
            return false
        default:
            return true
        }
    }
}

extension Precedence {
    /// Whether `expr` needs parentheses as the condition of a ternary `expr ? a : b` (or
    /// as one of its values): another ternary or an assignment would bind differently, and
    /// `try`/`await` may not follow the `?`.
    static func needsParenthesesInTernary(_ expr: Node) -> Bool {
        switch expr.kind {
        case .ternaryExpr, .assignmentExpr, .tryExpr, .awaitExpr:
            return true
        case .sequenceExpr:
            return expr.childNodes.contains { [.ternaryExpr, .assignmentExpr].contains($0.kind) }
        default:
            return false
        }
    }
}
