// Trivia is everything between tokens: whitespace, newlines, comments and a few oddities.
// One piece scanner serves both the lexer and `Trivia.pieces`, so they cannot disagree.

/// The kind of one trivia piece.
///
/// **The trivia rule** (swift-syntax's): a token's trailing trivia runs up to, not
/// including, the next line break (LF, CR or CRLF); everything from that line break on
/// is leading trivia of the next token. A block comment that starts in trailing position
/// stays trailing even when it spans lines, because a piece is never split.
public enum TriviaKind: Sendable {
    /// A run of spaces.
    case space
    /// A run of tabs.
    case tab
    /// A run of vertical tabs (U+000B).
    case verticalTab
    /// A run of form feeds (U+000C).
    case formFeed
    /// One line break: LF, CRLF (one piece of two bytes) or a lone CR.
    case newline
    /// `// …` up to the end of the line (`////…` included).
    case lineComment
    /// `/// …` up to the end of the line.
    case docLineComment
    /// `/* … */`, nested comments included; unterminated ones run to the end of the file.
    case blockComment
    /// `/** … */`.
    case docBlockComment
    /// `#!…` on the first line (after an optional byte order mark).
    case shebang
    /// The UTF-8 byte order mark at offset 0.
    case byteOrderMark
    /// A version-control conflict marker line: `<<<<<<< `, `=======`, `|||||||`, `>>>>>>> `.
    case conflictMarker
    /// A run of NUL bytes.
    case nul
    /// A run of no-break spaces (U+00A0), often pasted from a web page: the compiler warns
    /// and reads them as spaces.
    case noBreakSpace
    /// Bytes that are not trivia; only `Trivia.pieces` over a range holding token text
    /// produces these.
    case unexpected

    /// Whether the piece is a comment of any kind.
    public var isComment: Bool {
        switch self {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }

    /// Whether the piece is a documentation comment (`///` or `/** */`).
    public var isDocComment: Bool { self == .docLineComment || self == .docBlockComment }
}

/// One piece of trivia: its kind and its bytes in the source.
public struct TriviaPiece: Sendable, Equatable {
    public var kind: TriviaKind
    public var range: Range<Int>

    public init(kind: TriviaKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// Splits trivia ranges into pieces.
public enum Trivia {
    /// The trivia pieces of `bytes[range]`, in order, covering the range exactly. Bytes
    /// that are not trivia come back as `.unexpected` pieces (one per maximal run).
    public static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [TriviaPiece] {
        let limit = min(max(range.upperBound, 0), bytes.count)
        var position = min(max(range.lowerBound, 0), limit)
        var result: [TriviaPiece] = []
        var unexpectedStart: Int? = nil
        while position < limit {
            if let scan = TriviaScanner.piece(bytes, at: position, limit: limit) {
                if let start = unexpectedStart {
                    result.append(TriviaPiece(kind: .unexpected, range: start..<position))
                    unexpectedStart = nil
                }
                result.append(TriviaPiece(kind: scan.kind, range: position..<scan.end))
                position = scan.end
            } else {
                if unexpectedStart == nil { unexpectedStart = position }
                position += 1
            }
        }
        if let start = unexpectedStart {
            result.append(TriviaPiece(kind: .unexpected, range: start..<limit))
        }
        return result
    }

    /// The trivia pieces of `bytes[range]`; see the buffer overload.
    public static func pieces(_ bytes: [UInt8], in range: Range<Int>) -> [TriviaPiece] {
        bytes.withUnsafeBufferPointer { pieces($0, in: range) }
    }
}

extension Token {
    /// The pieces of this token's leading trivia: comment lines above it, indentation, …
    public var leadingTriviaPieces: [TriviaPiece] { Trivia.pieces(tree.bytes, in: leadingTriviaRange) }

    /// The pieces of this token's trailing trivia: spaces and a same-line comment.
    public var trailingTriviaPieces: [TriviaPiece] { Trivia.pieces(tree.bytes, in: trailingTriviaRange) }
}

// MARK: - The shared piece scanner

/// The result of scanning one piece: where it ends, and whether it is a block comment
/// that reached the limit before its closing `*/`.
struct TriviaScan {
    var kind: TriviaKind
    var end: Int
    var isUnterminated = false
}

private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let slash = UInt8(ascii: "/")
private let star = UInt8(ascii: "*")

/// Recognises one trivia piece at a position. Whether a position may hold a shebang
/// or a conflict marker depends only on the bytes before it, so scanning any sub-range
/// gives the same pieces as the lexer saw.
enum TriviaScanner {
    /// The piece starting at `start` (which must be `< limit`), or nil when the byte there
    /// starts no trivia. No piece extends past `limit`.
    @inline(__always)
    static func piece(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> TriviaScan? {
        let byte = bytes[start]
        switch byte {
        case UInt8(ascii: " "):
            return TriviaScan(kind: .space, end: runEnd(bytes, of: byte, from: start, limit: limit))
        case lineFeed:
            return TriviaScan(kind: .newline, end: start + 1)
        case carriageReturn:
            let end = start + 1 < limit && bytes[start + 1] == lineFeed ? start + 2 : start + 1
            return TriviaScan(kind: .newline, end: end)
        case UInt8(ascii: "\t"):
            return TriviaScan(kind: .tab, end: runEnd(bytes, of: byte, from: start, limit: limit))
        case slash:
            return comment(bytes, at: start, limit: limit)
        case 0x0B:
            return TriviaScan(kind: .verticalTab, end: runEnd(bytes, of: byte, from: start, limit: limit))
        case 0x0C:
            return TriviaScan(kind: .formFeed, end: runEnd(bytes, of: byte, from: start, limit: limit))
        case 0x00:
            return TriviaScan(kind: .nul, end: runEnd(bytes, of: byte, from: start, limit: limit))
        case 0xC2:
            var end = start
            while end + 1 < limit && bytes[end] == 0xC2 && bytes[end + 1] == 0xA0 { end += 2 }
            return end > start ? TriviaScan(kind: .noBreakSpace, end: end) : nil
        case UInt8(ascii: "#"):
            return shebang(bytes, at: start, limit: limit)
        case 0xEF:
            if start == 0 && limit >= 3 && bytes[1] == 0xBB && bytes[2] == 0xBF {
                return TriviaScan(kind: .byteOrderMark, end: 3)
            }
            return nil
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "|"):
            return conflictMarker(bytes, at: start, limit: limit)
        default:
            return nil
        }
    }

    @inline(__always)
    private static func runEnd(_ bytes: UnsafeBufferPointer<UInt8>, of byte: UInt8, from start: Int, limit: Int) -> Int {
        var end = start + 1
        while end < limit && bytes[end] == byte { end += 1 }
        return end
    }

    /// The offset of the next line break at or after `start`, or `limit`.
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        var end = start
        while end < limit {
            let byte = bytes[end]
            if byte == lineFeed || byte == carriageReturn { break }
            end += 1
        }
        return end
    }

    private static func comment(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> TriviaScan? {
        guard start + 1 < limit else { return nil }
        let second = bytes[start + 1]
        if second == slash {
            // `///` is a doc comment; `////` is a plain one, like rustdoc and DocC read it.
            let isDoc = start + 2 < limit && bytes[start + 2] == slash
                && !(start + 3 < limit && bytes[start + 3] == slash)
            return TriviaScan(kind: isDoc ? .docLineComment : .lineComment, end: lineEnd(bytes, from: start + 2, limit: limit))
        }
        guard second == star else { return nil }
        // `/**` opens a doc comment, but `/**/` is an empty plain one.
        let isDoc = start + 2 < limit && bytes[start + 2] == star
            && !(start + 3 < limit && bytes[start + 3] == slash)
        let kind: TriviaKind = isDoc ? .docBlockComment : .blockComment
        var depth = 1
        var position = start + 2
        while position + 1 < limit {
            let byte = bytes[position]
            if byte == star && bytes[position + 1] == slash {
                depth -= 1
                position += 2
                if depth == 0 { return TriviaScan(kind: kind, end: position) }
            } else if byte == slash && bytes[position + 1] == star {
                depth += 1
                position += 2
            } else {
                position += 1
            }
        }
        return TriviaScan(kind: kind, end: limit, isUnterminated: true)
    }

    private static func shebang(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> TriviaScan? {
        let afterByteOrderMark = start == 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        guard start == 0 || afterByteOrderMark, start + 1 < limit, bytes[start + 1] == UInt8(ascii: "!") else { return nil }
        return TriviaScan(kind: .shebang, end: lineEnd(bytes, from: start + 2, limit: limit))
    }

    /// Seven equal marker bytes at the start of a line, followed by a space, a line break
    /// or the end: the whole line is one piece.
    private static func conflictMarker(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> TriviaScan? {
        guard start == 0 || bytes[start - 1] == lineFeed || bytes[start - 1] == carriageReturn,
              start + 7 <= limit else { return nil }
        let marker = bytes[start]
        for offset in 1..<7 where bytes[start + offset] != marker { return nil }
        if start + 7 < limit {
            let next = bytes[start + 7]
            guard next == UInt8(ascii: " ") || next == lineFeed || next == carriageReturn else { return nil }
        }
        return TriviaScan(kind: .conflictMarker, end: lineEnd(bytes, from: start + 7, limit: limit))
    }
}
