// `foreach-identity` on ranges and derived collections: `ForEach(0..<xs.count, id: \.self)`,
// ranges that are not constant, and offsets into data made while the view renders.
import Codemod
import SwiftCST

extension IdentityPass {
    /// Pattern 1 on data made while the view renders (`Array(xs.filter { … }.enumerated())`,
    /// `Array(xs.dropFirst(k).enumerated())`): reported only, since the offsets are positions
    /// in a collection that changes with its source and the element type is not proven.
    func derivedOffsetFinding(_ site: ForEachSite, derived: Node) -> Finding {
        let reason = "the offsets are positions in `\(singleLineText(derived) ?? derived.text)`, a collection derived while the view renders"
        let message = "`\(site.container)` identifies rows by offset in a derived collection, so changes move state between rows; "
            + "identify them by a stable id"
        return Finding(range: site.headRange, message: message, withheldReason: reason)
    }

    /// `ForEach(0..<n, id: \.self)` where `n` counts a collection, and `ForEach(a..<b)`
    /// without `id:` where a bound is not a literal: reported only.
    func rangeFinding(_ site: ForEachSite, range: NonConstantRange) -> Finding? {
        if site.idKeyPath == nil {
            let text = singleLineText(range.node) ?? range.node.text
            let reason = "`\(text)` is not a constant range"
            let message = MessageText.fitting(
                "`\(site.container)` over a non-constant range without `id:` reads it once; write "
                    + "`\(site.container)(\(MessageText.quoted(text)), id: \\.self)` or iterate the data",
                "`\(site.container)` over a non-constant range without `id:` reads it once; add `id: \\.self` or iterate the data")
            return Finding(range: site.headRange, message: message, withheldReason: reason)
        }
        guard range.isFromZero, let upper = range.upper, let counted = countedCollection(upper, at: site.node),
              !isWrittenOutLiteral(counted.collection) else { return nil }
        let countedText = singleLineText(counted.collection) ?? counted.collection.text
        let reason = counted.through.map { "`\($0)` is a count read before the `\(site.container)`; rewrite the rows by hand" }
            ?? "`\(countedText)` is computed while the view renders; rewrite the rows by hand"
        let base = "`\(site.container)` identifies rows by position in `\(MessageText.quoted(countedText, max: 30))`, so insertions move state between rows"
        let element = Names.singular(of: counted.collection.lastToken?.text ?? "") ?? "element"
        let suggestion = "\(site.container)(\(countedText)) { \(element) in … }"
        let proof = isStableReference(counted.collection) ? proofFailure(counted.collection, needs: .randomAccess)
            : ProofFailure(kind: .unproven(nil), reason: reason, data: countedText)
        return withheld(site, base, suggestion: suggestion, proof: proof, reason: reason)
    }

    /// The collection whose `count` `upper` is: `xs.count` (of any expression), or a local
    /// `n` declared `let n = xs.count` before `node` in the blocks around it.
    func countedCollection(_ upper: Node, at node: Node) -> (collection: Node, through: String?)? {
        if let access = MemberAccessExpr(upper), access.name == "count", let base = access.base { return (base, nil) }
        guard upper.kind == .identifierExpr, let token = upper.firstToken, token.kind == .identifier,
              upper.endTokenIndex == token.index + 1 else { return nil }
        let name = token.text
        var child = node
        var current = node.parent
        while let scope = current, ![.functionDecl, .initializerDecl, .structDecl, .classDecl, .enumDecl, .extensionDecl, .sourceFile].contains(scope.kind) {
            if [.codeBlock, .closureExpr, .accessorBlock].contains(scope.kind) {
                var found: Node?
                for statement in scope.childNodes {
                    if statement == child || statement.contains(child) { break }
                    guard let variable = VariableDecl(statement) else { continue }
                    for binding in variable.bindings where binding.name == name {
                        found = binding.initializer.flatMap(MemberAccessExpr.init).flatMap { $0.name == "count" ? $0.base : nil }
                    }
                }
                if let found { return (found, name) }
            }
            child = scope
            current = scope.parent
        }
        return nil
    }
}

/// `a..<b` where a bound is not an integer literal: a range ForEach reads only once
/// without `id:`. The bounds may be arithmetic (`1..<n + 1`), which binds tighter than `..<`.
struct NonConstantRange {
    let node: Node
    /// The lower bound is the literal `0`.
    let isFromZero: Bool
    /// The upper bound, when it is a single expression.
    let upper: Node?

    private static let arithmetic: Set<String> = ["+", "-", "*", "/", "%"]

    init?(_ node: Node) {
        guard node.kind == .sequenceExpr else { return nil }
        let children = node.children
        var split: Int?
        for (position, child) in children.enumerated() {
            guard let token = child.asToken else { continue }
            if token.textIs("..<") {
                guard split == nil else { return nil }
                split = position
            } else if !NonConstantRange.arithmetic.contains(token.text) {
                return nil
            }
        }
        guard let split, split > 0, split < children.count - 1 else { return nil }
        let lower = children[..<split], upperParts = children[(split + 1)...]
        let isLiteral = { (parts: ArraySlice<Syntax>) in parts.count == 1 && parts.first?.asNode?.kind == .integerLiteralExpr }
        guard !(isLiteral(lower) && isLiteral(upperParts)) else { return nil }
        self.node = node
        isFromZero = isLiteral(lower) && lower.first?.asNode?.textEquals("0") == true
        upper = upperParts.count == 1 ? upperParts.first?.asNode : nil
    }
}
