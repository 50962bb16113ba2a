// Tokens are the leaves of the tree: a kind and three offsets into the shared source
// buffer. Leading trivia runs from the previous token's end to `textStart`.

/// The lexical class of a token. Contextual keywords (`some`, `get`, `async`, …) are
/// `.identifier` tokens; their `Keyword` tells the parser what they spell.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    case endOfFile
    /// A plain, Unicode, backticked or raw (`` `with spaces` ``) identifier.
    case identifier
    /// A reserved word: `struct`, `let`, `if`, `self`, `true`, `_`, ….
    case keyword
    /// `$0`, `$name`, `$` alone.
    case dollarIdentifier
    case integerLiteral
    case floatLiteral
    /// The opening delimiter of a string literal including any `#`s: `"`, `"""`, `#"`.
    case stringOpen
    /// The closing delimiter of a string literal including any `#`s.
    case stringClose
    /// Literal text inside a string literal, escapes included.
    case stringSegment
    /// `\(` or `\#(` inside a string literal; the expression follows, closed by `)`.
    case interpolationOpen
    /// A whole regex literal: `/a+/`, `#/a+/#`, multi-line `#/…/#`.
    case regexLiteral
    case leftParen, rightParen, leftBrace, rightBrace, leftSquare, rightSquare
    /// `<` and `>` are `.binaryOperator`/`.prefixOperator`/`.postfixOperator` tokens;
    /// the parser reads them as angle brackets where generics are expected.
    case comma, colon, semicolon
    /// `::` after a module name: `Swift::print`, `CoreGraphics::CGEvent` (a module selector).
    case colonColon
    /// A `.` that is not part of an operator: member access, implicit member.
    case period
    case at
    /// `#` followed by an identifier (`#Preview`, `#selector`) or alone.
    case pound
    case poundIf, poundElseif, poundElse, poundEndif
    /// `#available` or `#unavailable`.
    case poundAvailable
    /// `#sourceLocation`.
    case poundSourceLocation
    /// `\` outside strings (key paths).
    case backslash
    case arrow
    /// `=` standing alone (assignment, initializer).
    case equal
    /// `?` bound to the left (`a?.b`, `Int?`).
    case postfixQuestion
    /// `!` bound to the left (`a!`, `Int!`).
    case exclamation
    /// `?` standing alone: the ternary operator.
    case infixQuestion
    /// `&` bound to the right (`&value`).
    case prefixAmpersand
    case prefixOperator, postfixOperator, binaryOperator
    /// Bytes that start no token: stray control bytes, invalid UTF-8.
    case unknown
}

/// Flags a lexer sets on a token.
public struct TokenFlags: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The leading trivia contains a newline (or the token starts the file).
    public static let atStartOfLine = TokenFlags(rawValue: 1 << 0)
    /// The token is malformed (unterminated literal, bad escape, …).
    public static let malformed = TokenFlags(rawValue: 1 << 1)
}

/// One token as stored: its kind and byte offsets. Leading trivia spans
/// `[previous.trailingEnd, textStart)`; the token text `[textStart, textEnd)`;
/// trailing trivia `[textEnd, trailingEnd)`.
public struct RawToken: Sendable, Equatable {
    public var kind: TokenKind
    public var keyword: Keyword
    public var flags: TokenFlags
    public var textStart: UInt32
    public var textEnd: UInt32
    public var trailingEnd: UInt32

    public init(kind: TokenKind, keyword: Keyword = .none, flags: TokenFlags = [],
                textStart: UInt32, textEnd: UInt32, trailingEnd: UInt32) {
        self.kind = kind
        self.keyword = keyword
        self.flags = flags
        self.textStart = textStart
        self.textEnd = textEnd
        self.trailingEnd = trailingEnd
    }

    public static func == (a: RawToken, b: RawToken) -> Bool {
        a.kind == b.kind && a.keyword == b.keyword && a.flags == b.flags
            && a.textStart == b.textStart && a.textEnd == b.textEnd && a.trailingEnd == b.trailingEnd
    }
}

/// A problem found while lexing or parsing, at a byte range of the source.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var length: Int
    public var message: String

    public init(offset: Int, length: Int = 0, message: String) {
        self.offset = offset
        self.length = length
        self.message = message
    }

    public var description: String { "\(offset): \(message)" }
}
