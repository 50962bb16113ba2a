// Row conditions: whether one reads the row at all, and the ranges they narrow. A
// condition that only compares the row's number with a constant, over a range of
// constants, keeps a narrower range: `ForEach(0..<46) { if $0 > 0 {` is
// `ForEach(1..<46) {`, which a reviewer writes instead of `(0..<46).filter { $0 > 0 }`.
import Codemod
import SwiftCST

extension ForEachFilter {
    /// Whether `condition` reads the row: a parameter in `rowNames`, or `$0`, `$1`, ….
    static func readsRow(_ condition: Node, rowNames: Set<String>) -> Bool {
        (condition.firstTokenIndex..<condition.endTokenIndex).contains { position in
            let token = condition.tree.token(at: position)
            if token.kind == .dollarIdentifier { return token.text.dropFirst().first?.isNumber == true }
            return token.kind == .identifier && rowNames.contains(token.text)
        }
    }

    /// The edit that narrows `dataExpr`, a range between integer literals (`0..<46`,
    /// `1...12`), to the rows `conditions` keep, when they are one comparison of the row
    /// (a parameter in `rowNames`, or `$0` when the closure names none) with an integer
    /// literal: `<`, `<=`, `>`, `>=`, or `!=` one of the range's ends. Nil otherwise, and
    /// when the narrowed range would be empty (`5..<3` traps; the filter does not).
    func narrowedRange(_ dataExpr: Node, conditions: [Node], rowNames: Set<String>, anonymous: Bool) -> Edit? {
        guard conditions.count == 1, let range = LiteralRange(dataExpr),
              let comparison = RowComparison(conditions[0], rowNames: rowNames, anonymous: anonymous)
        else { return nil }
        // The rows kept, as a closed range of integers.
        var low = range.lower, high = range.closed ? range.upper : range.upper - 1
        switch comparison.operator {
        case "<": high = min(high, comparison.value - 1)
        case "<=": high = min(high, comparison.value)
        case ">": low = max(low, comparison.value + 1)
        case ">=": low = max(low, comparison.value)
        case "!=" where comparison.value == low: low += 1
        case "!=" where comparison.value == high: high -= 1
        default: return nil
        }
        guard low <= high, low != range.lower || high != (range.closed ? range.upper : range.upper - 1) else { return nil }
        let upper = range.closed ? high : high + 1
        return Edit(range: range.node.trimmedRange,
                    replacement: "\(low)" + range.operatorSpelling + "\(upper)")
    }
}

/// `A..<B` or `A...B` with decimal integer literals on both sides.
private struct LiteralRange {
    let node: Node
    let lower: Int
    let upper: Int
    let closed: Bool
    /// The operator with the spaces around it as written (`..<`, ` ... `).
    let operatorSpelling: String

    init?(_ expression: Node) {
        guard expression.kind == .sequenceExpr else { return nil }
        let operands = expression.childNodes
        let operators = expression.ownTokens
        guard operands.count == 2, operators.count == 1, let op = operators.first, op.kind == .binaryOperator,
              op.textIs("..<") || op.textIs("..."),
              let lower = integerLiteralValue(operands[0]), let upper = integerLiteralValue(operands[1])
        else { return nil }
        node = expression
        self.lower = lower
        self.upper = upper
        closed = op.textIs("...")
        let tree = expression.tree
        operatorSpelling = String(decoding: tree.bytes[operands[0].trimmedRange.upperBound..<operands[1].trimmedRange.lowerBound],
                                  as: UTF8.self)
        // A range written over lines, or with a comment in it, is not rewritten.
        guard !operatorSpelling.contains(where: { $0.isNewline || $0 == "/" }) else { return nil }
    }
}

/// `row OP literal` or `literal OP row`, read as `row OP' literal`.
private struct RowComparison {
    let `operator`: String
    let value: Int

    init?(_ condition: Node, rowNames: Set<String>, anonymous: Bool) {
        let expression = condition.kind == .condition ? condition.firstChildNode : condition
        guard let expression, expression.kind == .sequenceExpr else { return nil }
        let operands = expression.childNodes
        let operators = expression.ownTokens
        guard operands.count == 2, operators.count == 1, let op = operators.first, op.kind == .binaryOperator else { return nil }
        let flipped: [String: String] = ["<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="]
        let spelling = op.text
        guard flipped[spelling] != nil else { return nil }
        func isRow(_ node: Node) -> Bool {
            guard node.kind == .identifierExpr, let token = node.firstToken, node.endTokenIndex == token.index + 1 else { return false }
            if token.kind == .dollarIdentifier { return anonymous && token.text == "$0" }
            return token.kind == .identifier && rowNames.contains(token.text)
        }
        if isRow(operands[0]), let value = integerLiteralValue(operands[1]) {
            self.operator = spelling
            self.value = value
        } else if isRow(operands[1]), let value = integerLiteralValue(operands[0]) {
            self.operator = flipped[spelling]!
            self.value = value
        } else {
            return nil
        }
    }
}

/// The value of a decimal integer literal (`46`, `1_000`); nil for other expressions and
/// for values too large to shift by one.
private func integerLiteralValue(_ node: Node) -> Int? {
    guard node.kind == .integerLiteralExpr, let token = node.firstToken, node.endTokenIndex == token.index + 1 else { return nil }
    let digits = token.text.filter { $0 != "_" }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
          let value = Int(digits), value < Int.max / 2 else { return nil }
    return value
}
