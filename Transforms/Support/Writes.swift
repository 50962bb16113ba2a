// Whether code may write to a value: the reads a rewrite may move, and the writes it
// must not (assignment, `inout`, a possibly `mutating` method call).
import SwiftCST

enum Writes {
    /// Whether `expression` (`xs[i]`, `model.items`) may be written to: assigned, passed
    /// `inout`, or the base of a method call (which may be `mutating`) through its member chain.
    static func mayBeWritten(_ expression: Node) -> Bool {
        var node = expression
        while let parent = node.parent {
            switch parent.kind {
            case .memberAccessExpr, .optionalChainingExpr, .forceUnwrapExpr, .subscriptCallExpr:
                guard parent.firstChildNode == node else { return false }
                node = parent
                continue
            case .functionCallExpr:
                guard parent.firstChildNode == node else { return false }
                // A method call may be `mutating`, unless it is a well-known reading one.
                guard let name = FunctionCallExpr(parent)?.calleeName, Writes.readingMethods.contains(name) else { return true }
                node = parent
                continue
            case .inOutExpr:
                return true
            case .sequenceExpr:
                return isAssigned(node)
            default:
                return false
            }
        }
        return false
    }

    /// Whether the operand `target` of a sequence expression is written by the operator
    /// after it (`=`, `+=`, …).
    static func isAssigned(_ target: Node) -> Bool {
        guard let sequence = target.parent else { return false }
        let children = sequence.children
        guard let position = children.firstIndex(where: { $0.asNode == target }), position + 1 < children.count else { return false }
        switch children[position + 1] {
        case .node(let next): return next.kind == .assignmentExpr
        case .token(let next):
            let text = next.text
            return next.kind == .binaryOperator && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
        }
    }

    /// Standard-library and Foundation methods that never mutate their receiver.
    static let readingMethods: Set<String> = [
        "enumerated", "formatted", "uppercased", "lowercased", "capitalized", "contains", "filter", "map",
        "compactMap", "flatMap", "sorted", "reversed", "prefix", "suffix", "joined", "hasPrefix", "hasSuffix",
        "description", "first", "last", "min", "max", "count", "isEmpty", "reduce", "allSatisfy", "dropFirst",
        "dropLast", "firstIndex", "lastIndex", "split", "trimmingCharacters", "appending", "distance",
    ]
}

/// Whether `expression` may be written to (see `Writes.mayBeWritten`).
func mayBeWritten(_ expression: Node) -> Bool { Writes.mayBeWritten(expression) }
