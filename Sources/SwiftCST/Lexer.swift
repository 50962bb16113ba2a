// PLACEHOLDER until the real lexer lands: one token per line, so the package builds.
public enum Lexer {
    /// Splits `bytes` into tokens whose text and trivia partition the input; the last
    /// token is always `.endOfFile`, holding any final trivia as its leading trivia.
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> (tokens: [RawToken], diagnostics: [Diagnostic]) {
        var tokens: [RawToken] = []
        var i = 0
        while i < bytes.count {
            let start = i
            while i < bytes.count && bytes[i] != 10 { i += 1 }
            if i < bytes.count { i += 1 }
            tokens.append(RawToken(kind: .unknown, textStart: UInt32(start), textEnd: UInt32(i), trailingEnd: UInt32(i)))
        }
        tokens.append(RawToken(kind: .endOfFile, textStart: UInt32(bytes.count), textEnd: UInt32(bytes.count), trailingEnd: UInt32(bytes.count)))
        return (tokens, [])
    }
}
