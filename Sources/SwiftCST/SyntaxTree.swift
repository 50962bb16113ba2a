// The lossless tree: tokens over one shared byte buffer, and inner nodes stored in
// post-order so that the parser can wrap an already-built node (`a` → `a.b` → `a.b()`)
// without moving anything.

/// An inner node as stored. Its subtree is the contiguous run of nodes
/// `[subtreeStart, self]`; its tokens are `[firstToken, endToken)`.
public struct RawNode: Sendable {
    public var kind: SyntaxKind
    public var firstToken: UInt32
    public var endToken: UInt32
    public var subtreeStart: UInt32
    public var parent: UInt32
}

/// A parsed source file. Printing its tokens with their trivia gives back `bytes`
/// exactly, whatever the input (the partition invariant).
public final class SyntaxTree: Sendable {
    public let bytes: [UInt8]
    public let tokens: [RawToken]
    public let nodes: [RawNode]
    /// Lexer and parser diagnostics, in source order.
    public let diagnostics: [Diagnostic]
    /// Never read: room that keeps one tree's reference count off the cache lines of the
    /// next tree's. Trees parsed one after another lie side by side in memory, and two jobs
    /// that retain their own tree for every node they make would otherwise write to one
    /// line from two cores (a run with `--jobs 2` took 4% longer).
    private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// The nodes by kind, for a large tree whose bodies were parsed (`KindIndex`).
    let kinds: KindIndex?

    init(bytes: [UInt8], tokens: [RawToken], nodes: [RawNode], diagnostics: [Diagnostic], indexingKinds: Bool = true) {
        self.bytes = bytes
        self.tokens = tokens
        self.nodes = nodes
        self.diagnostics = diagnostics.sorted { $0.offset < $1.offset }
        kinds = indexingKinds && nodes.count >= KindIndex.minimumNodes ? KindIndex(nodes) : nil
    }

    /// The innermost node holding token `index`, found by descending from the root: a
    /// few steps per level, and no table built for every tree.
    func innermostNode(holdingToken index: Int) -> Int {
        innermostNode(holdingToken: index, from: nodes.count - 1)
    }

    /// `innermostNode(holdingToken:)` descending from node `start`, which holds the token:
    /// in a file of thousands of declarations, the root's children are passed over one by
    /// one, which a caller that knows a nearer ancestor spares.
    func innermostNode(holdingToken index: Int, from start: Int) -> Int {
        var node = start
        descend: while true {
            var child = node - 1
            let start = Int(nodes[node].subtreeStart)
            while child >= start {
                let raw = nodes[child]
                if Int(raw.firstToken) <= index && index < Int(raw.endToken) {
                    node = child
                    continue descend
                }
                if Int(raw.endToken) <= index && raw.firstToken != raw.endToken { break }
                child = Int(raw.subtreeStart) - 1
            }
            return node
        }
    }

    /// Lexes and parses `bytes`. Never fails: broken code becomes `unexpected` nodes.
    public static func parse(_ bytes: [UInt8]) -> SyntaxTree {
        Parser.parse(bytes)
    }

    /// `parse(bytes)`, writing the tokens and nodes into the storage of `previous`'s, which
    /// it takes: when nothing else holds that tree, a large file's new tree lands in memory
    /// already mapped, where fresh arrays would be faulted in page by page as they are
    /// written (a large file's round of fixes parsed its text into 70 MB of fresh pages).
    public static func parse(_ bytes: [UInt8], reusing previous: consuming SyntaxTree) -> SyntaxTree {
        let tokens = previous.tokens, nodes = previous.nodes
        _ = consume previous
        return Parser.parse(bytes, reusingTokens: consume tokens, nodes: consume nodes)
    }

    /// Parses declarations only: the bodies of functions, accessors and closures stay as
    /// plain tokens under their `codeBlock`, `accessorBlock` or `closureExpr` node. For
    /// passes that read declarations (the project index); the tree still partitions
    /// `bytes`, but its diagnostics do not cover the skipped bodies.
    public static func parseDeclarations(_ bytes: [UInt8]) -> SyntaxTree {
        Parser.parse(bytes, skippingBodies: true)
    }

    public static func parse(_ text: String) -> SyntaxTree {
        parse(Array(text.utf8))
    }

    /// Whether `bytes[range]` are the UTF-8 bytes of `text` (no string is made).
    func bytes(_ range: Range<Int>, equal text: String) -> Bool {
        guard range.count == text.utf8.count else { return false }
        var offset = range.lowerBound
        for byte in text.utf8 {
            guard bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// The `sourceFile` node.
    public var root: Node { Node(tree: self, index: nodes.count - 1) }

    /// The source reassembled from the tokens and their trivia.
    public func printed() -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var start = 0
        for token in tokens {
            let end = Int(token.trailingEnd)
            out.append(contentsOf: bytes[start..<end])
            start = end
        }
        return out
    }

    /// Whether the tokens cover the bytes exactly, in order, with no gap or overlap.
    public var isPartition: Bool {
        var previous: UInt32 = 0
        for token in tokens {
            if token.textStart < previous || token.textEnd < token.textStart
                || token.trailingEnd < token.textEnd { return false }
            previous = token.trailingEnd
        }
        return Int(previous) == bytes.count && tokens.last?.kind == .endOfFile
    }

    public func token(at index: Int) -> Token { Token(tree: self, index: index) }

    /// The token whose text or trivia contains `offset`.
    public func token(containing offset: Int) -> Token {
        var low = 0, high = tokens.count - 1
        while low < high {
            let mid = (low + high) / 2
            if Int(tokens[mid].trailingEnd) <= offset { low = mid + 1 } else { high = mid }
        }
        return Token(tree: self, index: low)
    }

    /// The bytes of a range as a `String` (invalid UTF-8 is repaired; for display only).
    public func text(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    func leadingStart(ofToken index: Int) -> Int {
        index == 0 ? 0 : Int(tokens[index - 1].trailingEnd)
    }
}

/// A node or a token: the children of a node, in source order.
public enum Syntax: Sendable {
    case node(Node)
    case token(Token)

    public var range: Range<Int> {
        switch self {
        case .node(let n): return n.range
        case .token(let t): return t.range
        }
    }
    public var trimmedRange: Range<Int> {
        switch self {
        case .node(let n): return n.trimmedRange
        case .token(let t): return t.textRange
        }
    }
    public var asNode: Node? { if case .node(let n) = self { return n } else { return nil } }
    public var asToken: Token? { if case .token(let t) = self { return t } else { return nil } }
}

/// A view of one inner node.
public struct Node: Sendable, Hashable, CustomStringConvertible {
    public let tree: SyntaxTree
    public let index: Int

    public init(tree: SyntaxTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    public static func == (a: Node, b: Node) -> Bool { a.tree === b.tree && a.index == b.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    var raw: RawNode { tree.nodes[index] }
    public var kind: SyntaxKind { raw.kind }
    public var firstTokenIndex: Int { Int(raw.firstToken) }
    public var endTokenIndex: Int { Int(raw.endToken) }
    public var isEmpty: Bool { raw.firstToken == raw.endToken }

    public var firstToken: Token? { isEmpty ? nil : Token(tree: tree, index: firstTokenIndex) }
    public var lastToken: Token? { isEmpty ? nil : Token(tree: tree, index: endTokenIndex - 1) }

    /// Bytes of the node with the leading trivia of its first token and the trailing
    /// trivia of its last.
    public var range: Range<Int> {
        if isEmpty { let at = emptyOffset; return at..<at }
        return tree.leadingStart(ofToken: firstTokenIndex)..<Int(tree.tokens[endTokenIndex - 1].trailingEnd)
    }

    /// Bytes of the node without its outer trivia.
    public var trimmedRange: Range<Int> {
        if isEmpty { let at = emptyOffset; return at..<at }
        return Int(tree.tokens[firstTokenIndex].textStart)..<Int(tree.tokens[endTokenIndex - 1].textEnd)
    }

    private var emptyOffset: Int {
        if firstTokenIndex < tree.tokens.count { return Int(tree.tokens[firstTokenIndex].textStart) }
        return tree.bytes.count
    }

    /// The source text without outer trivia.
    public var text: String { tree.text(trimmedRange) }

    /// Whether the source text without outer trivia is `text`, comparing bytes.
    public func textEquals(_ text: String) -> Bool { tree.bytes(trimmedRange, equal: text) }

    public var parent: Node? {
        let p = Int(raw.parent)
        return p == index || p >= tree.nodes.count ? nil : Node(tree: tree, index: p)
    }

    /// The first child node in source order, found without building the child list.
    public var firstChildNode: Node? {
        firstChildIndex.map { Node(tree: tree, index: $0) }
    }

    /// The index of `firstChildNode`, found without making a node.
    var firstChildIndex: Int? {
        var c = index - 1
        var first: Int?
        let start = Int(raw.subtreeStart)
        while c >= start {
            first = c
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        return first
    }

    /// The first child node in source order that matches, found without building the
    /// child list.
    public func firstChild(where matches: (Node) -> Bool) -> Node? {
        var found: Node?
        var c = index - 1
        let start = Int(raw.subtreeStart)
        // Walking back from the last child, the last match seen is the first in order; every
        // child is asked (a list to stop early costs more than the kind tests asked here).
        while c >= start {
            let child = Node(tree: tree, index: c)
            if matches(child) { found = child }
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        return found
    }

    /// Child nodes in source order.
    public var childNodes: [Node] { childNodes(matching: { _ in true }) }

    /// Child nodes and tokens in source order.
    public var children: [Syntax] {
        var result = [Syntax]()
        var t = firstTokenIndex
        for child in childNodes {
            while t < child.firstTokenIndex { result.append(.token(Token(tree: tree, index: t))); t += 1 }
            result.append(.node(child))
            t = max(t, child.endTokenIndex)
        }
        while t < endTokenIndex { result.append(.token(Token(tree: tree, index: t))); t += 1 }
        return result
    }

    /// Tokens owned directly by this node (not by a child node).
    public var ownTokens: [Token] {
        var result: [Token] = []
        _ = firstOwnTokenIndex { index in
            result.append(Token(tree: tree, index: index))
            return false
        }
        return result
    }

    /// The first child node of `kind`.
    public func child(_ kind: SyntaxKind) -> Node? {
        // Walking back from the last child, the last match seen is the first in order.
        var found: Int?
        var c = index - 1
        let start = Int(raw.subtreeStart)
        while c >= start {
            if tree.nodes[c].kind == kind { found = c }
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        return found.map { Node(tree: tree, index: $0) }
    }

    /// The last child node of `kind`: the first met walking back from the last child.
    public func lastChild(_ kind: SyntaxKind) -> Node? {
        var c = index - 1
        let start = Int(raw.subtreeStart)
        while c >= start {
            if tree.nodes[c].kind == kind { return Node(tree: tree, index: c) }
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        return nil
    }

    public func children(_ kind: SyntaxKind) -> [Node] { childNodes(matching: { $0 == kind }) }

    /// The child nodes whose kind matches, in source order. The children are walked from
    /// the last (postorder keeps each subtree before its root), counted, then appended
    /// back to front to an array of that capacity and reversed in place. (An array made
    /// with `unsafeUninitializedCapacity` looks up its storage type at run time, which
    /// cost more than the walk.)
    private func childNodes(matching matches: (SyntaxKind) -> Bool) -> [Node] {
        let start = Int(raw.subtreeStart)
        let tree = self.tree
        return tree.nodes.withUnsafeBufferPointer { nodes in
            var count = 0
            var c = index - 1
            while c >= start {
                if matches(nodes[c].kind) { count += 1 }
                c = Int(nodes[c].subtreeStart) - 1
            }
            guard count > 0 else { return [] }
            var result: [Node] = []
            result.reserveCapacity(count)
            c = index - 1
            while c >= start {
                if matches(nodes[c].kind) { result.append(Node(tree: tree, index: c)) }
                c = Int(nodes[c].subtreeStart) - 1
            }
            result.reverse()
            return result
        }
    }

    /// The first token owned directly by this node with the given kind or keyword.
    public func token(_ kind: TokenKind) -> Token? { firstOwnToken { $0.kind == kind } }
    public func token(_ keyword: Keyword) -> Token? { firstOwnToken { $0.keyword == keyword } }

    /// The first token held directly by this node (not by a child node) that matches,
    /// found without building the list of children.
    private func firstOwnToken(where matches: (RawToken) -> Bool) -> Token? {
        firstOwnTokenIndex { matches(tree.tokens[$0]) }.map { Token(tree: tree, index: $0) }
    }

    /// The index of the first token held directly by this node for which `matches` is
    /// true, visiting them in source order without building the list of children.
    func firstOwnTokenIndex(where matches: (Int) -> Bool) -> Int? {
        var childCount = 0
        var c = index - 1
        let start = Int(raw.subtreeStart)
        while c >= start {
            childCount += 1
            c = Int(tree.nodes[c].subtreeStart) - 1
        }
        return withUnsafeTemporaryAllocation(of: (UInt32, UInt32).self, capacity: max(childCount, 1)) { ranges in
            // Child token ranges, filled back to front so they end up in source order.
            var slot = childCount
            var c = index - 1
            while c >= start {
                slot -= 1
                ranges[slot] = (tree.nodes[c].firstToken, tree.nodes[c].endToken)
                c = Int(tree.nodes[c].subtreeStart) - 1
            }
            var t = raw.firstToken
            var next = 0
            while t < raw.endToken {
                if next < childCount && t >= ranges[next].0 {
                    t = max(t, ranges[next].1)
                    next += 1
                    continue
                }
                if matches(Int(t)) { return Int(t) }
                t += 1
            }
            return nil
        }
    }

    /// This node and all nodes under it, in pre-order (source order, outer first).
    public var preorder: [Node] {
        var result = [Node]()
        result.reserveCapacity(index - Int(raw.subtreeStart) + 1)
        var stack = [self]
        while let node = stack.popLast() {
            result.append(node)
            var c = node.index - 1
            let start = Int(node.raw.subtreeStart)
            while c >= start {
                stack.append(Node(tree: tree, index: c))
                c = Int(tree.nodes[c].subtreeStart) - 1
            }
        }
        return result
    }

    /// All nodes of `kind` in this subtree (this node included), in source order.
    public func descendants(_ kind: SyntaxKind) -> [Node] {
        if let indexed = indexedNodes({ $0.nodes(kind, in: $1).map(Int.init) }) { return inSourceOrder(indexed) }
        return descendants { $0 == kind }
    }

    /// The nodes `find` picks from the tree's `KindIndex` among this subtree's (in storage
    /// order), or nil when the tree has no index or the subtree is small enough to scan.
    private func indexedNodes(_ find: (KindIndex, ClosedRange<Int>) -> [Int]) -> [Int]? {
        let start = Int(raw.subtreeStart)
        guard let kinds = tree.kinds, index - start >= KindIndex.minimumSubtree else { return nil }
        return find(kinds, start...index)
    }

    /// Whether a node of `kind` in this subtree (this node included) satisfies `matches`:
    /// the nodes are asked in storage order, up to the first that does, and no list is
    /// made or sorted (unlike `descendants(_:).contains(where:)`).
    public func containsDescendant(_ kind: SyntaxKind, where matches: (Node) -> Bool) -> Bool {
        containsDescendant(matchingKind: { $0 == kind }, where: matches)
    }

    /// `containsDescendant(_:where:)` for nodes of any of `kinds`.
    public func containsDescendant(_ kinds: SyntaxKindSet, where matches: (Node) -> Bool) -> Bool {
        containsDescendant(matchingKind: { kinds.contains($0) }, where: matches)
    }

    /// Calls `body` with each node of any of `kinds` in this subtree (this node included),
    /// in storage order (each subtree before its root, not source order), with no list made.
    public func forEachDescendant(_ kinds: SyntaxKindSet, _ body: (Node) -> Void) {
        _ = containsDescendant(kinds) { node in
            body(node)
            return false
        }
    }

    private func containsDescendant(matchingKind isKind: (SyntaxKind) -> Bool, where matches: (Node) -> Bool) -> Bool {
        let tree = self.tree
        if let indexed = indexedNodes({ kinds, range in kinds.nodes(SyntaxKindSet(matching: isKind), in: range) }) {
            return indexed.contains { matches(Node(tree: tree, index: $0)) }
        }
        for i in Int(raw.subtreeStart)...index where isKind(tree.nodes[i].kind) {
            if matches(Node(tree: tree, index: i)) { return true }
        }
        return false
    }

    /// All nodes of any of `kinds` in this subtree (this node included), in source order.
    public func descendants(_ kinds: SyntaxKindSet) -> [Node] {
        descendants { kinds.contains($0) }
    }

    private func descendants(matching matches: (SyntaxKind) -> Bool) -> [Node] {
        if let indexed = indexedNodes({ kinds, range in kinds.nodes(SyntaxKindSet(matching: matches), in: range) }) {
            return inSourceOrder(indexed)
        }
        var indices: [Int] = []
        tree.nodes.withUnsafeBufferPointer { nodes in
            for i in Int(nodes[index].subtreeStart)...index where matches(nodes[i].kind) { indices.append(i) }
        }
        return inSourceOrder(indices)
    }

    /// `indices` (in storage order) as nodes in source order.
    private func inSourceOrder(_ indices: [Int]) -> [Node] {
        var indices = indices
        tree.nodes.withUnsafeBufferPointer { nodes in
            func precedes(_ a: Int, _ b: Int) -> Bool {
                let x = nodes[a], y = nodes[b]
                if x.firstToken != y.firstToken { return x.firstToken < y.firstToken }
                if x.endToken != y.endToken { return x.endToken > y.endToken }
                return a > b
            }
            func inOrder(_ list: [Int]) -> Bool {
                var position = 1
                while position < list.count {
                    if !precedes(list[position - 1], list[position]) { return false }
                    position += 1
                }
                return true
            }
            // Storage order is source order unless a match holds another one, the common
            // case. Otherwise the nesting puts each match before those it holds, in one
            // pass (a sort of a whole file's calls dominated a run over one large file);
            // sorted only in the rare case that disagrees (empty nodes).
            guard !inOrder(indices) else { return }
            let nested = Node.sourceOrder(indices, nodes)
            indices = inOrder(nested) ? nested : indices.sorted(by: precedes)
        }
        return indices.map { Node(tree: tree, index: $0) }
    }

    /// `postorder` (node indices in storage order, each subtree before its root) in
    /// preorder: each node before the nodes of its subtree, siblings in order. Linear: the
    /// finished subtrees wait on a stack as linked lists, and a node that holds some of them
    /// takes them as its own in one link each.
    private static func sourceOrder(_ postorder: [Int], _ nodes: UnsafeBufferPointer<RawNode>) -> [Int] {
        let count = postorder.count
        // `next`: positions in `postorder`; `heads` and `tails`: the finished subtrees, in
        // order, `depth` of them.
        var links = [Int32](filling: -1, count: 3 * count)
        return links.withUnsafeMutableBufferPointer { links in
            let next = UnsafeMutableBufferPointer(rebasing: links[0..<count])
            let heads = UnsafeMutableBufferPointer(rebasing: links[count..<2 * count])
            let tails = UnsafeMutableBufferPointer(rebasing: links[(2 * count)...])
            var depth = 0
            for position in 0..<count {
                let start = Int(nodes[postorder[position]].subtreeStart)
                // The subtrees on top of the stack whose roots lie in this node's span are its.
                var held = depth
                while held > 0 && postorder[Int(heads[held - 1])] >= start { held -= 1 }
                var tail = Int32(position)
                if held < depth {
                    next[position] = heads[held]
                    for subtree in held..<depth - 1 { next[Int(tails[subtree])] = heads[subtree + 1] }
                    tail = tails[depth - 1]
                }
                heads[held] = Int32(position)
                tails[held] = tail
                depth = held + 1
            }
            var result: [Int] = []
            result.reserveCapacity(count)
            for subtree in 0..<depth {
                var position = heads[subtree]
                while true {
                    result.append(postorder[Int(position)])
                    if position == tails[subtree] { break }
                    position = next[Int(position)]
                }
            }
            return result
        }
    }

    /// The nearest ancestor (not self) of `kind`.
    public func ancestor(_ kind: SyntaxKind) -> Node? {
        var node = parent
        while let n = node {
            if n.kind == kind { return n }
            node = n.parent
        }
        return nil
    }

    public var ancestors: [Node] {
        var result = [Node]()
        var node = parent
        while let n = node { result.append(n); node = n.parent }
        return result
    }

    public var description: String { "\(kind)@\(trimmedRange)" }

    /// Whether `other` lies in this node's subtree (or is this node).
    public func contains(_ other: Node) -> Bool {
        other.tree === tree && other.index <= index && other.index >= Int(raw.subtreeStart)
    }

    /// The indices of the nodes of this subtree, itself the last (nodes are stored in
    /// post-order): what to look up in a sorted list of node indices.
    public var subtreeIndices: ClosedRange<Int> { Int(raw.subtreeStart)...index }
}

/// A view of one token.
public struct Token: Sendable, Hashable, CustomStringConvertible {
    public let tree: SyntaxTree
    public let index: Int

    public init(tree: SyntaxTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    public static func == (a: Token, b: Token) -> Bool { a.tree === b.tree && a.index == b.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    var raw: RawToken { tree.tokens[index] }
    public var kind: TokenKind { raw.kind }
    public var keyword: Keyword { raw.keyword }
    public var flags: TokenFlags { raw.flags }
    public var isAtStartOfLine: Bool { raw.flags.contains(.atStartOfLine) }

    public var textRange: Range<Int> { Int(raw.textStart)..<Int(raw.textEnd) }
    public var leadingTriviaRange: Range<Int> { tree.leadingStart(ofToken: index)..<Int(raw.textStart) }
    public var trailingTriviaRange: Range<Int> { Int(raw.textEnd)..<Int(raw.trailingEnd) }
    /// Text and both trivia.
    public var range: Range<Int> { tree.leadingStart(ofToken: index)..<Int(raw.trailingEnd) }

    public var text: String { tree.text(textRange) }
    public var leadingTrivia: String { tree.text(leadingTriviaRange) }
    public var trailingTrivia: String { tree.text(trailingTriviaRange) }

    /// Whether the token's text equals `s`, comparing bytes.
    public func textIs(_ s: StaticString) -> Bool {
        let r = textRange
        guard r.count == s.utf8CodeUnitCount else { return false }
        return s.withUTF8Buffer { buf in
            for i in 0..<r.count where buf[i] != tree.bytes[r.lowerBound + i] { return false }
            return true
        }
    }

    /// Whether the token's text is `bytes`, compared byte for byte (no string is made).
    public func textEquals(_ bytes: [UInt8]) -> Bool {
        let raw = tree.tokens[index]
        let start = Int(raw.textStart)
        guard Int(raw.textEnd) - start == bytes.count else { return false }
        return tree.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeBufferPointer { wanted in
                for offset in 0..<wanted.count where source[start + offset] != wanted[offset] { return false }
                return true
            }
        }
    }

    /// Whether the token's text is `text`, comparing its UTF-8 bytes (no string is made).
    public func textEquals(_ text: String) -> Bool { tree.bytes(textRange, equal: text) }

    public var next: Token? { index + 1 < tree.tokens.count ? Token(tree: tree, index: index + 1) : nil }
    public var previous: Token? { index > 0 ? Token(tree: tree, index: index - 1) : nil }

    /// The innermost node holding this token.
    public var parent: Node { Node(tree: tree, index: tree.innermostNode(holdingToken: index)) }

    /// The innermost node holding this token, found from `ancestor`, which must hold it
    /// (else the answer is `ancestor`): as `parent`, at the cost of the depth below it.
    public func parent(within ancestor: Node) -> Node {
        guard ancestor.tree === tree, ancestor.firstTokenIndex <= index, index < ancestor.endTokenIndex else { return parent }
        return Node(tree: tree, index: tree.innermostNode(holdingToken: index, from: ancestor.index))
    }

    public var description: String { "\(kind)(\(text))" }
}
