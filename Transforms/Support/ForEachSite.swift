// A `ForEach` or `List` call read as its parts: data, `id:`, row closure, row statements,
// and the modifiers on the rows and on the container.
import SwiftCST

/// One `ForEach(data, id: …) { row in … }` or `List(data) { … }` call.
struct ForEachSite {
    let call: FunctionCallExpr
    /// `ForEach` or `List`.
    let container: String
    /// The unlabeled first argument and its expression.
    let data: Argument
    let dataExpression: Node
    /// The `id:` argument, if written.
    let idArgument: Argument?
    /// The row closure: the single trailing closure (nil with more than one).
    let row: ClosureExpr?

    /// A `ForEach`/`List` call of a plain name whose first argument is unlabeled.
    init?(_ node: Node) {
        // The name is compared as bytes first, on the call's first token (the callee's),
        // its length before anything else: every call of a file is asked.
        guard node.kind == .functionCallExpr, !node.isEmpty else { return nil }
        let raw = node.tree.tokens[node.firstTokenIndex]
        let length = raw.textEnd &- raw.textStart
        guard length == 7 || length == 4 else { return nil }
        guard let first = node.firstToken, first.textIs("ForEach") || first.textIs("List"),
              let call = FunctionCallExpr(node), call.callee?.kind == .identifierExpr,
              call.calleeNameIs("ForEach") || call.calleeNameIs("List"), let name = call.calleeName,
              let data = call.arguments.first, data.label == nil, let dataExpression = data.expression
        else { return nil }
        self.call = call
        container = name
        self.data = data
        self.dataExpression = dataExpression
        idArgument = call.argument("id")
        row = call.additionalTrailingClosures.isEmpty ? call.trailingClosure : nil
    }

    /// Every site of the file, outer before inner.
    static func all(in tree: SyntaxTree) -> [ForEachSite] {
        tree.root.descendants(.functionCallExpr).compactMap(ForEachSite.init)
    }

    var isList: Bool { container == "List" }
    var node: Node { call.node }
    var idExpression: Node? { idArgument?.expression }

    /// The components of a rootless `id:` key path: `.self` for `\.self`, `.element.id`.
    var idKeyPath: String? {
        idExpression.flatMap(KeyPathExpr.init).flatMap { $0.root == nil ? $0.components : nil }
    }

    /// The call is exactly `Name(data)` or `Name(data, id: …)` in parentheses, with a
    /// single-token callee: the shapes rewritten in place.
    var hasOnlyDataAndID: Bool {
        guard call.callee?.endTokenIndex == call.callee.map({ $0.firstTokenIndex + 1 }),
              call.argumentList?.firstToken?.kind == .leftParen else { return false }
        return call.arguments.count == (idArgument == nil ? 1 : 2) && call.arguments.last?.label == idArgument?.label
    }

    /// The data is a binding: `$items`.
    var isBindingData: Bool { dataExpression.firstToken?.kind == .dollarIdentifier }

    var parameters: [ClosureParameter] { row?.parameters ?? [] }
    var rowStatements: [Node] { row?.statements ?? [] }

    /// The modifiers of the row's single view expression (`Row(item).tag(item)`).
    var rowModifiers: [Modifier] {
        guard rowStatements.count == 1, let only = rowStatements.first else { return [] }
        return ModifierChain(only).modifiers
    }

    /// The modifiers applied to the container: `.onDelete { }` after `ForEach(…) { }`.
    var containerModifiers: [Modifier] { ModifierChain.applied(to: node).modifiers }

    /// From the container's name to the closing parenthesis of its arguments: where a
    /// finding about the call is reported.
    var headRange: Range<Int> {
        node.trimmedRange.lowerBound..<(call.argumentList?.trimmedRange.upperBound ?? node.trimmedRange.upperBound)
    }

    /// From the data to the end of `id:` (or of the data when there is no `id:`).
    var dataAndIDRange: Range<Int> {
        dataExpression.trimmedRange.lowerBound..<(idExpression?.trimmedRange.upperBound ?? dataExpression.trimmedRange.upperBound)
    }

    /// Whether `statement` names the row closure's own `$0`, `$1`, …
    func usesAnonymousParameters(_ statement: Node) -> Bool {
        guard let row, !statement.isEmpty else { return false }
        let tree = statement.tree
        for index in statement.firstTokenIndex..<statement.endTokenIndex {
            let token = tree.token(at: index)
            guard token.kind == .dollarIdentifier, token.text.dropFirst().allSatisfy(\.isNumber) else { continue }
            var owner: Node? = token.parent
            while let node = owner, node.kind != .closureExpr { owner = node.parent }
            if owner == nil || owner == row.node { return true }
        }
        return false
    }
}

/// `List(data) { … }`: the same parts as a `ForEach`.
typealias ListSite = ForEachSite
