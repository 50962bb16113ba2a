// Small matchers over expressions, so that a rule reads like its documentation: "a call
// named `ForEach` whose `id:` is `\.self`", "the same tokens", "a range of integers".
import SwiftCST

/// A call of the plain name `name` (`Text(…)`, not `x.Text(…)`), if `node` is one.
func call(named name: String, _ node: Node) -> FunctionCallExpr? {
    guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), call.callee?.kind == .identifierExpr,
          call.calleeName == name else { return nil }
    return call
}

/// Whether `node` is the key path `\.components` with no root: `isKeyPath(n, ".self")`.
func isKeyPath(_ node: Node?, _ components: String) -> Bool {
    guard let node, let path = KeyPathExpr(node), path.root == nil else { return false }
    return path.components == components
}

/// Whether two nodes are the same tokens, ignoring trivia.
func sameTokens(_ a: Node, _ b: Node) -> Bool {
    guard a.endTokenIndex - a.firstTokenIndex == b.endTokenIndex - b.firstTokenIndex else { return false }
    let tree = a.tree
    for offset in 0..<(a.endTokenIndex - a.firstTokenIndex) {
        let x = tree.token(at: a.firstTokenIndex + offset).textRange
        let y = b.tree.token(at: b.firstTokenIndex + offset).textRange
        if tree.bytes[x] != b.tree.bytes[y] { return false }
    }
    return true
}

/// A name or a chain of names (`items`, `model.items`, `self.items`): an expression that
/// reads the same value each time it is written.
func isStableReference(_ node: Node) -> Bool {
    switch node.kind {
    case .identifierExpr:
        guard let token = node.firstToken, node.endTokenIndex == token.index + 1 else { return false }
        return token.kind == .identifier || token.keyword == .self
    case .memberAccessExpr:
        guard let access = MemberAccessExpr(node), let base = access.base else { return false }
        return access.nameToken?.kind == .identifier && isStableReference(base)
    default:
        return false
    }
}

/// `0..<n`, `a...b`, `xs.indices` (through parentheses): a range of integers.
func isRangeExpression(_ expr: Node) -> Bool {
    var node = expr
    while node.kind == .tupleExpr, let inner = node.child(.argument)?.firstChildNode { node = inner }
    if let access = MemberAccessExpr(node), access.name == "indices", access.base != nil { return true }
    guard node.kind == .sequenceExpr else { return false }
    return node.ownTokens.contains { $0.kind == .binaryOperator && ($0.textIs("..<") || $0.textIs("...")) }
}

/// The identifier expressions naming `name` (a single identifier token) inside `nodes`.
func uses(of name: String, in nodes: [Node]) -> [Node] {
    nodes.flatMap { $0.descendants(.identifierExpr) }.filter { node in
        guard let token = node.firstToken, node.endTokenIndex == token.index + 1 else { return false }
        return token.kind == .identifier && token.text == name
    }
}

/// The node's text on one line: trivia that holds a line break becomes one space. Nil when
/// the node spans lines with a comment between its tokens.
func singleLineText(_ node: Node) -> String? {
    guard let first = node.firstToken, let last = node.lastToken else { return node.text }
    let tree = node.tree
    var out = [UInt8]()
    for index in first.index...last.index {
        let token = tree.token(at: index)
        if index > first.index {
            let gap = tree.tokens[index - 1].textEnd..<tree.tokens[index].textStart
            let trivia = tree.bytes[Int(gap.lowerBound)..<Int(gap.upperBound)]
            if trivia.contains(10) || trivia.contains(13) {
                if trivia.contains(UInt8(ascii: "/")) { return nil }
                out.append(32)
            } else {
                out.append(contentsOf: trivia)
            }
        }
        out.append(contentsOf: tree.bytes[token.textRange])
    }
    return String(decoding: out, as: UTF8.self)
}

/// The references to the member `name` in `root`, outside its own `declaration`: `name`
/// and `self.name` (not `other.name`).
///
/// The nodes are visited in storage order without a list of them: the matches of each pass
/// do not nest, so that is their order in the source, as `descendants` would give it.
func memberReferences(_ name: String, in root: Node, outside declaration: Node) -> [Node] {
    var result: [Node] = []
    root.forEachDescendant([.identifierExpr]) { node in
        guard node.textEquals(name), !declaration.contains(node) else { return }
        if let parent = node.parent, parent.kind == .memberAccessExpr, parent.firstChildNode != node {
            // `x.name`: only `self.name` refers to the member.
            if MemberAccessExpr(parent)?.base?.textEquals("self") == true { result.append(parent) }
            return
        }
        result.append(node)
    }
    // `self.name` where the parser made `name` a plain token of the access.
    root.forEachDescendant([.memberAccessExpr]) { node in
        guard let access = MemberAccessExpr(node), access.name == name, access.base?.textEquals("self") == true,
              !declaration.contains(node), !result.contains(node) else { return }
        result.append(node)
    }
    return result
}

/// The capture-list items and key paths in `root` that spell `name` with a token of their
/// own (`[name]`, `[weak name]`, `\\.name`, `\\T.name`): no `identifierExpr` stands for such
/// a name, so a fix that rewrites the expressions reading `name` would not reach it.
func nameTokenReferences(_ name: String, in root: Node) -> [Node] {
    var result: [Node] = []
    root.forEachDescendant([.captureItem, .keyPathExpr]) { node in
        if hasIdentifierToken(node, spelling: name) { result.append(node) }
    }
    return result
}

/// Whether one of `node`'s tokens is the identifier `name` (or `` `name` ``).
func hasIdentifierToken(_ node: Node, spelling name: String) -> Bool {
    let escaped = "`" + name + "`"
    for index in node.firstTokenIndex..<node.endTokenIndex {
        let token = node.tree.token(at: index)
        guard token.kind == .identifier else { continue }
        let text = token.text
        if text == name || text == escaped { return true }
    }
    return false
}

/// The tokens of `node` as one string, spacing and comments ignored, with the identifier
/// `local` (when given) written `$`: two recipes that differ only in a local's name match.
func tokenKey(_ node: Node, placeholderFor local: String? = nil) -> String {
    var out = ""
    guard !node.isEmpty else { return out }
    for index in node.firstTokenIndex..<node.endTokenIndex {
        let token = node.tree.token(at: index)
        out += (local != nil && token.kind == .identifier && token.text == local) ? "$" : token.text
        out += " "
    }
    return out
}

/// Whether `node` is the only expression of a block, closure or getter: returned implicitly.
func isImplicitReturn(_ node: Node) -> Bool {
    guard let parent = node.parent else { return false }
    return (parent.kind == .codeBlock || parent.kind == .accessorBlock || parent.kind == .closureExpr)
        && parent.childNodes.filter { $0.kind != .closureSignature }.count == 1
}

/// The statements of one `#if`/`#elseif`/`#else` clause, without its condition.
func ifConfigClauseStatements(_ clause: Node) -> [Node] {
    let nodes = clause.childNodes
    guard let first = clause.firstToken, first.kind == .poundIf || first.kind == .poundElseif else { return nodes }
    return Array(nodes.dropFirst())
}

/// Whether a multi-line string literal (`"""`, `#"""`) is written inside `node`: its lines
/// are part of the string's value, so code holding one cannot be re-indented.
func holdsMultilineString(_ node: Node) -> Bool {
    node.containsDescendant(.stringLiteralExpr) { $0.firstToken?.text.contains("\"\"\"") == true }
}

/// Whether `receiver`, followed down its chain of calls and members (`a.filter { … }.sorted()`
/// reads `a`), starts at a collection of a size the source states: an array literal of a
/// few elements (`[.internal, .external].filter { … }`) or an enum's `allCases`. Work on it
/// is the same, small, whatever the data.
func startsAtFixedSizeCollection(_ receiver: Node) -> Bool {
    var root = receiver
    while true {
        if MemberAccessExpr(root)?.name == "allCases" { return true }
        if let call = FunctionCallExpr(root), let callee = call.callee, let base = MemberAccessExpr(callee)?.base {
            root = base
        } else if let base = MemberAccessExpr(root)?.base {
            root = base
        } else {
            break
        }
    }
    return root.kind == .arrayExpr && root.children(.argument).count <= 8
}
