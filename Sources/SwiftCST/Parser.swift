// PLACEHOLDER until the real parser lands.
enum Parser {
    static func parse(_ bytes: [UInt8]) -> SyntaxTree {
        let (tokens, diagnostics) = bytes.withUnsafeBufferPointer { Lexer.tokenize($0) }
        let root = RawNode(kind: .sourceFile, firstToken: 0, endToken: UInt32(tokens.count), subtreeStart: 0, parent: 0)
        return SyntaxTree(bytes: bytes, tokens: tokens, nodes: [root], diagnostics: diagnostics)
    }
}
