// The recursive-descent parser's core: token cursor, node building, recovery. The
// grammar lives in the Parser+*.swift files. Parsing never fails and every loop proves
// it advanced, so any input gives a tree that partitions it.

/// Builds a `SyntaxTree` from bytes. Nodes are appended in post-order: a node is
/// finished after its children, so wrapping what was just parsed (`a` → `a.b`) only
/// needs the marker taken before it.
struct Parser {
    var tokens: ParserTokens
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// The nodes so far, in post-order: appended once each, so kept without Array's
    /// check of its storage at every append, in the storage of the tree's array itself.
    var nodes = GrowableBuffer<RawNode>(capacity: 0)
    var diagnostics: [Diagnostic]
    /// Nesting of grammar rules; past `maxDepth` the parser skips instead of recursing.
    var depth = 0
    static let maxDepth = 192
    /// From this many tokens (a file of about 300 KB) the token and node lists are large
    /// enough to be mapped page by page as they are written.
    static let largeFileTokens = 1 << 16

    /// False in statement conditions (`if`/`guard`/`while`/`for`/`switch` heads, `case`
    /// and `catch` patterns): there a `{` opens a trailing closure only where SwiftParser
    /// takes one (`isTrailingClosureInCondition`), and never after `(…)` or `[…]`.
    var allowTrailingClosure = true
    /// Inside a `#if` condition: stop at the end of the line.
    var stopAtNewline = false
    /// Inside a `case` pattern: `let x` and `var x` are patterns.
    var inPattern = false
    /// In the arguments of `@attached` and `@freestanding`: a keyword is a name there
    /// (`extension`, `named(deinit)`), as in SwiftParser's tree.
    var keywordsAreNames = false
    /// Declarations only: function bodies, getter bodies and closures are kept as
    /// tokens under their node, without inner structure.
    var skipsBodies = false

    struct Marker {
        let node: Int
        let token: Int
    }

    static func parse(_ source: [UInt8], skippingBodies: Bool = false, reusingTokens tokenStorage: consuming [RawToken]? = nil,
                      nodes nodeStorage: consuming [RawNode]? = nil) -> SyntaxTree {
        var tokenStorage = tokenStorage.take(), nodeStorage = nodeStorage.take()
        return source.withUnsafeBufferPointer { buffer in
            var parser = Parser(lexing: buffer, reusing: tokenStorage.take())
            parser.skipsBodies = skippingBodies
            // A full parse makes about 0.8 nodes per token in Swift apps (0.75 to 0.82): room
            // for 7/8 spares nearly every file the copy of growing its list (and half its
            // slack); bodies left unparsed make far fewer. A large file's room is mapped
            // page by page as the parser writes it, so room it leaves unused costs address
            // space, not memory: it gets enough for denser code too (generated tables,
            // views of many small modifiers), because outgrowing it moves its whole list
            // twice. The parser writes into the array's storage; a file that needs more
            // room has its nodes moved out, and copied back into an array of their size.
            let tokenCount = parser.tokens.count
            let room = skippingBodies ? tokenCount / 2 + 4
                : tokenCount >= Parser.largeFileTokens ? tokenCount + tokenCount / 4 : tokenCount / 8 * 7 + 16
            var moved: [RawNode]?
            let lent: [RawNode]
            if var reused = nodeStorage.take(), reused.capacity >= tokenCount / 8 * 7 + 16 {
                // The storage of the tree this one replaces, its pages in memory already. It
                // is taken when it holds the nodes of ordinary code (7/8 of a node per token);
                // denser code outgrows it into storage of its own.
                reused.removeAll(keepingCapacity: true)
                let writer = LentWriter<RawNode> { room, moved in
                    parser.nodes.release()  // the empty buffer it was made with
                    parser.nodes = GrowableBuffer(lent: room)
                    parser.parseSourceFile()
                    return parser.nodes.finishLent(movingInto: &moved)
                }
                reused.append(contentsOf: writer)
                moved = writer.outcome.moved
                lent = reused
            } else {
                lent = [RawNode](unsafeUninitializedCapacity: room) { storage, initialized in
                    parser.nodes.release()  // the empty buffer it was made with
                    parser.nodes = GrowableBuffer(lent: storage)
                    parser.parseSourceFile()
                    initialized = parser.nodes.finishLent(movingInto: &moved)
                }
            }
            // `parser.nodes` is not read past this point: its storage is the tree's now.
            return SyntaxTree(bytes: source, tokens: parser.tokens.array(), nodes: moved ?? lent,
                              diagnostics: parser.diagnostics, indexingKinds: !skippingBodies)
        }
    }

    /// A parser over the tokens of `bytes`, which it holds alone: marking a token or
    /// splitting one never copies the array.
    init(lexing bytes: UnsafeBufferPointer<UInt8>, reusing storage: consuming [RawToken]? = nil) {
        let lexed = Lexer.tokenize(bytes, reusing: storage.take())
        tokens = ParserTokens(lexed.tokens)
        self.bytes = bytes
        diagnostics = lexed.diagnostics
    }

    // MARK: - Cursor

    @inline(__always) var current: RawToken { tokens[pos] }
    @inline(__always) var kind: TokenKind { tokens[pos].kind }
    @inline(__always) var keyword: Keyword { tokens[pos].keyword }
    @inline(__always) var atEnd: Bool { tokens[pos].kind == .endOfFile }
    @inline(__always) var atStartOfLine: Bool { tokens[pos].flags.contains(.atStartOfLine) }

    @inline(__always) func peek(_ offset: Int = 1) -> RawToken {
        let i = pos + offset
        return i < tokens.count ? tokens[i] : tokens[tokens.count - 1]
    }

    /// The token at `index`, or the end-of-file token past the end: lookahead never traps.
    /// The index after the `)` that closes the `(` at `index`, looking ahead without
    /// moving; nil when the file ends first.
    func balancedParenthesesEnd(from index: Int) -> Int? {
        var i = index
        var depth = 0
        repeat {
            switch token(i).kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .endOfFile: return nil
            default: break
            }
            i += 1
        } while depth > 0
        return i
    }

    @inline(__always) func token(_ index: Int) -> RawToken {
        index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    @inline(__always) func at(_ k: TokenKind) -> Bool { tokens[pos].kind == k }
    @inline(__always) func at(_ k: Keyword) -> Bool { tokens[pos].keyword == k && tokens[pos].kind != .stringSegment }

    /// Whether token `index` spells exactly `text`.
    func tokenIs(_ index: Int, _ text: StaticString) -> Bool {
        let t = token(index)
        let length = Int(t.textEnd - t.textStart)
        guard length == text.utf8CodeUnitCount else { return false }
        let start = Int(t.textStart)
        return text.withUTF8Buffer { buf in
            for i in 0..<length where buf[i] != bytes[start + i] { return false }
            return true
        }
    }

    func currentIs(_ text: StaticString) -> Bool { tokenIs(pos, text) }

    func firstByte(_ index: Int) -> UInt8 {
        let t = token(index)
        return t.textEnd > t.textStart ? bytes[Int(t.textStart)] : 0
    }

    /// Whether the token is an operator of any fixity.
    func isOperator(_ t: RawToken) -> Bool {
        t.kind == .binaryOperator || t.kind == .prefixOperator || t.kind == .postfixOperator
    }

    @inline(__always) mutating func bump() {
        if tokens[pos].kind != .endOfFile { pos += 1 }
    }

    /// Consumes a token of `k`, or records that it is missing.
    mutating func expect(_ k: TokenKind, _ what: StaticString) {
        if at(k) { bump() } else { error("expected \(what)") }
    }

    mutating func expect(_ k: Keyword, _ what: StaticString) {
        if at(k) { bump() } else { error("expected \(what)") }
    }

    mutating func error(_ message: String) {
        let t = tokens[pos]
        diagnostics.append(Diagnostic(offset: Int(t.textStart), length: Int(t.textEnd - t.textStart), message: message))
    }

    // MARK: - Nodes

    @inline(__always) func mark() -> Marker { Marker(node: nodes.count, token: pos) }

    /// Closes a node of `kind` over everything parsed since `m`. Returns `m` so the
    /// caller can wrap the new node again.
    @discardableResult
    mutating func finish(_ kind: SyntaxKind, _ m: Marker) -> Marker {
        // Every index stored fits in 32 bits: checked once for the four (a negative one
        // fails too), where converting each checked it on its own, at every node.
        let count = nodes.count
        precondition(UInt(bitPattern: count | pos | m.token | m.node) >> 32 == 0, "a node index does not fit in 32 bits")
        let index = UInt32(truncatingIfNeeded: count)
        nodes.append(RawNode(kind: kind, firstToken: UInt32(truncatingIfNeeded: m.token), endToken: UInt32(truncatingIfNeeded: pos),
                             subtreeStart: UInt32(truncatingIfNeeded: m.node), parent: index))
        // The children, walked back from the last, take the new node as their parent.
        var c = count &- 1
        while c >= m.node {
            nodes.base[c].parent = index
            c = Int(nodes.base[c].subtreeStart) &- 1
        }
        return m
    }

    /// Wraps the current token in an `unexpected` node with a diagnostic.
    mutating func skipOne(_ message: String) {
        let m = mark()
        error(message)
        skipBalanced()
        finish(.unexpected, m)
    }

    /// Consumes the current token; if it opens a bracket, consumes through its match.
    /// Iterative, so arbitrarily deep input cannot exhaust the stack.
    mutating func skipBalanced() {
        var depth = 0
        repeat {
            switch kind {
            case .endOfFile: return
            case .leftParen, .leftBrace, .leftSquare, .interpolationOpen: depth += 1
            case .rightParen, .rightBrace, .rightSquare: depth -= 1
            default: break
            }
            bump()
        } while depth > 0
    }

    /// Runs `body` one level deeper, or skips a balanced group when too deep.
    @inline(__always)
    mutating func nested(_ body: (inout Parser) -> Void) {
        if depth >= Parser.maxDepth {
            if isCloser(kind) || atEnd { return }
            skipOne("nesting too deep")
            return
        }
        depth += 1
        body(&self)
        depth -= 1
    }

    func isCloser(_ k: TokenKind) -> Bool {
        k == .rightParen || k == .rightBrace || k == .rightSquare
    }

    /// Splits the current operator token after its first byte (`>>` → `>` `>`), so the
    /// parser can close generic argument lists. The partition is unchanged.
    mutating func splitFirstByte() {
        let t = tokens[pos]
        guard t.textEnd - t.textStart > 1 else { return }
        let cut = t.textStart + 1
        var first = t
        first.textEnd = cut
        first.trailingEnd = cut
        first.kind = .binaryOperator
        var rest = t
        rest.textStart = cut
        rest.flags.remove(.atStartOfLine)
        let length = Int(t.textEnd - cut)
        if length == 1 {
            switch bytes[Int(cut)] {
            case UInt8(ascii: "?"): rest.kind = .postfixQuestion
            case UInt8(ascii: "!"): rest.kind = .exclamation
            case UInt8(ascii: "="): rest.kind = .equal
            default: rest.kind = .postfixOperator
            }
        } else {
            rest.kind = .postfixOperator
        }
        tokens.split(pos, into: first, rest)
    }

    /// Splits the current operator token before its last byte (`%%%<` → `%%%` `<`). The
    /// partition is unchanged.
    mutating func splitLastByte() {
        let t = tokens[pos]
        guard t.textEnd - t.textStart > 1 else { return }
        let cut = t.textEnd - 1
        var first = t
        first.textEnd = cut
        first.trailingEnd = cut
        var rest = t
        rest.textStart = cut
        rest.flags.remove(.atStartOfLine)
        tokens.split(pos, into: first, rest)
    }

    // MARK: - Source file

    mutating func parseSourceFile() {
        let m = mark()
        parseStatements(terminator: nil)
        // The end-of-file token belongs to the root.
        if atEnd { pos += 1 }
        finish(.sourceFile, m)
        pos = tokens.count - 1
    }
}
