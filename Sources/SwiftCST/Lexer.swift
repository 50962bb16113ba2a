// The lexer: splits source bytes into tokens whose text and trivia partition the input
// exactly, following the Swift compiler's rules for operators, literals and trivia.

/// Turns bytes into `RawToken`s.
///
/// Every byte lands in exactly one token's leading trivia, text or trailing trivia (see
/// `TriviaKind` for the trivia rule). String literals come out as `stringOpen`,
/// `stringSegment`s, `interpolationOpen` … `rightParen` around ordinary tokens, and
/// `stringClose`; regex literals are one token. Lexing never fails: bytes that start no
/// token become `.unknown` tokens, and problems are reported as diagnostics.
public enum Lexer {
    /// Splits `bytes` into tokens whose text and trivia partition the input; the last
    /// token is always `.endOfFile`, holding any final trivia as its leading trivia.
    ///
    /// `storage`: an array whose storage the tokens may be written into (its elements are
    /// dropped), when it has room for one token per five bytes and nothing else holds it:
    /// the tokens of the tree a new parse replaces, whose pages are already in memory.
    /// Tokens that outgrow it move to storage of their own, as they do from a new array.
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, reusing storage: consuming [RawToken]? = nil)
        -> (tokens: [RawToken], diagnostics: [Diagnostic]) {
        // The scanner writes into the storage of an array. Room for one token per three
        // bytes is more than code needs (Swift runs four to five bytes a token); a file
        // that needs more has its tokens moved out, and copied back into an array of their
        // size. A large file's array is returned as it is: its unused room was never
        // written, so it costs address space, not memory, where copying the tokens would
        // write them all again into new memory. A small file's tokens are copied into an
        // array of their size, in cache, so that a tree kept for later holds no slack.
        var diagnostics: [Diagnostic] = []
        var moved: [RawToken]?
        let lent: [RawToken]
        if var reused = storage.take(), reused.capacity >= bytes.count / 5 + 16 {
            reused.removeAll(keepingCapacity: true)
            let writer = LentWriter<RawToken> { room, moved in
                scan(bytes, into: room, diagnostics: &diagnostics, movingInto: &moved)
            }
            reused.append(contentsOf: writer)
            moved = writer.outcome.moved
            lent = reused
        } else {
            lent = [RawToken](unsafeUninitializedCapacity: bytes.count / 3 + 16) { storage, initialized in
                initialized = scan(bytes, into: storage, diagnostics: &diagnostics, movingInto: &moved)
            }
        }
        if let moved { return (moved, diagnostics) }
        if lent.count >= Parser.largeFileTokens { return (lent, diagnostics) }
        return (lent.withUnsafeBufferPointer { Array($0) }, diagnostics)
    }

    /// Scans `bytes` into `room`: the number of tokens written there, or 0 with every token
    /// moved into `moved` when they outgrew it.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into room: UnsafeMutableBufferPointer<RawToken>,
                             diagnostics: inout [Diagnostic], movingInto moved: inout [RawToken]?) -> Int {
        let keywords = KeywordTable.shared
        return byteClassTable.withUnsafeBufferPointer { classes in
            keywords.buckets.withUnsafeBufferPointer { buckets in
                keywords.words.withUnsafeBufferPointer { words in
                    keywords.keywords.withUnsafeBufferPointer { values in
                        var scanner = TokenScanner(bytes: bytes, classes: classes, tokens: TokenBuffer(lent: room),
                                                   keywordTables: (buckets, words, values))
                        scanner.run()
                        diagnostics = scanner.diagnostics
                        return scanner.tokens.finishLent(movingInto: &moved)
                    }
                }
            }
        }
    }

    /// Splits `bytes` into tokens; see the buffer overload.
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [RawToken], diagnostics: [Diagnostic]) {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }
}

// MARK: - Byte classes

private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")
private let slash = UInt8(ascii: "/")
private let backslash = UInt8(ascii: "\\")
private let quote = UInt8(ascii: "\"")
private let pound = UInt8(ascii: "#")
private let dot = UInt8(ascii: ".")

/// Bit flags per byte value, looked up in `byteClassTable`.
private enum ByteClass {
    static let identifierHead: UInt16 = 1 << 0
    static let identifierBody: UInt16 = 1 << 1
    static let decimalDigit: UInt16 = 1 << 2
    static let hexDigit: UInt16 = 1 << 3
    static let operatorCharacter: UInt16 = 1 << 4
    /// An operator followed by one of these is not bound on the right.
    static let endsRightBinding: UInt16 = 1 << 5
    /// An operator preceded by one of these is not bound on the left.
    static let endsLeftBinding: UInt16 = 1 << 6
    /// Space, tab and line breaks.
    static let blank: UInt16 = 1 << 7
    /// Bytes that may start a trivia piece (see `TriviaScanner.piece`).
    static let mayStartTrivia: UInt16 = 1 << 8
}

private let byteClassTable: [UInt16] = {
    var table = [UInt16](repeating: 0, count: 256)
    func mark(_ characters: String, _ byteClass: UInt16) {
        for byte in characters.utf8 { table[Int(byte)] |= byteClass }
    }
    let lowercase = "abcdefghijklmnopqrstuvwxyz"
    mark(lowercase + lowercase.uppercased() + "_", ByteClass.identifierHead | ByteClass.identifierBody)
    mark("0123456789", ByteClass.identifierBody | ByteClass.decimalDigit | ByteClass.hexDigit)
    mark("$", ByteClass.identifierBody)  // `_$id`, as macro expansions write them
    mark("abcdefABCDEF", ByteClass.hexDigit)
    mark("/=-+!*%<>&|^~?", ByteClass.operatorCharacter)
    mark(" \t\n\r\u{0B}\u{0C}\u{00})]},;:", ByteClass.endsRightBinding)
    mark(" \t\n\r\u{0B}\u{0C}\u{00}([{,;:", ByteClass.endsLeftBinding)
    mark(" \t\n\r", ByteClass.blank)
    mark(" \t\n\r\u{0B}\u{0C}\u{00}/#<>=|", ByteClass.mayStartTrivia)
    table[0xEF] |= ByteClass.mayStartTrivia   // the byte order mark
    table[0xC2] |= ByteClass.mayStartTrivia   // a no-break space (U+00A0)
    return table
}()

// MARK: - Modes

/// What the scanner is inside: plain code, a string literal's text, or the expression of
/// an interpolation (which ends at the `)` that balances its `\(`).
private struct LexerMode {
    enum Kind { case code, string, interpolation }
    var kind: Kind
    /// For strings: the number of `#`s in the delimiter.
    var pounds = 0
    /// For strings: `"""` rather than `"`.
    var isMultiline = false
    /// For interpolations: unclosed `(` inside the expression.
    var parenDepth = 0
    /// For strings: the index of the `stringOpen` token, to flag it when unterminated.
    var openTokenIndex = 0
}

// MARK: - The scanner

private struct TokenScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let classes: UnsafeBufferPointer<UInt16>
    /// `KeywordTable`'s buffers, held here rather than reached through its lazy global.
    let keywordBuckets: UnsafeBufferPointer<UInt32>
    let keywordWords: UnsafeBufferPointer<UInt64>
    let keywordValues: UnsafeBufferPointer<UInt8>
    let count: Int
    var position = 0
    /// End of the previous token's text: an operator starting here is bound on the left.
    var lastTextEnd = 0
    var tokens: TokenBuffer
    var diagnostics: [Diagnostic] = []
    var modes: [LexerMode] = [LexerMode(kind: .code)]

    init(bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt16>, tokens: TokenBuffer,
         keywordTables: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt8>)) {
        self.bytes = bytes
        self.classes = classes
        (keywordBuckets, keywordWords, keywordValues) = keywordTables
        self.count = bytes.count
        self.tokens = tokens
    }

    /// The byte at `index`, or 0 past the end.
    @inline(__always) func byte(at index: Int) -> UInt8 { index < count ? bytes[index] : 0 }

    @inline(__always) func hasClass(_ byte: UInt8, _ byteClass: UInt16) -> Bool {
        classes[Int(byte)] & byteClass != 0
    }

    @inline(__always) func isLineBreak(at index: Int) -> Bool {
        index < count && (bytes[index] == lineFeed || bytes[index] == carriageReturn)
    }

    mutating func run() {
        while true {
            if modes.count > 1 && modes[modes.count - 1].kind == .string {
                lexStringText()
                continue
            }
            let sawNewline = skipLeadingTrivia()
            if sawNewline && modes.count > 1 { endSingleLineInterpolations() }
            let flags: TokenFlags = sawNewline || tokens.isEmpty ? .atStartOfLine : []
            if position >= count {
                flagStringsOpenAtEndOfFile()
                let end = UInt32(count)
                tokens.append(RawToken(kind: .endOfFile, flags: flags, textStart: end, textEnd: end, trailingEnd: end))
                return
            }
            lexToken(flags: flags)
        }
    }

    /// Records a token `[start, end)` and, unless told otherwise, its trailing trivia.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none,
                       flags: TokenFlags, trailingTrivia: Bool = true) {
        position = end
        lastTextEnd = end
        if trailingTrivia { skipTrailingTrivia() }
        tokens.append(RawToken(kind: kind, keyword: keyword, flags: flags, textStart: UInt32(truncatingIfNeeded: start),
                               textEnd: UInt32(truncatingIfNeeded: end), trailingEnd: UInt32(truncatingIfNeeded: position)))
    }

    mutating func diagnose(_ offset: Int, _ length: Int, _ message: String) {
        diagnostics.append(Diagnostic(offset: offset, length: length, message: message))
    }

    // MARK: Trivia

    /// Skips leading trivia; returns whether it held a line break. Spaces, tabs and line
    /// feeds (a line break and its indentation) are skipped here; other pieces go through
    /// the piece scanner. Either way the trivia ends at the same byte.
    @inline(__always)
    mutating func skipLeadingTrivia() -> Bool {
        var sawNewline = false
        var index = position
        while index < count {
            let byte = bytes[index]
            if byte == lineFeed {
                sawNewline = true
                index = spacesEnd(from: index + 1)
                continue
            }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index &+= 1
                continue
            }
            if !hasClass(byte, ByteClass.mayStartTrivia) { break }
            position = index
            guard scanLeadingPiece(sawNewline: &sawNewline) else { break }
            index = position
        }
        position = index
        return sawNewline
    }

    /// One leading piece through the piece scanner; false when no trivia starts here.
    @inline(never)
    mutating func scanLeadingPiece(sawNewline: inout Bool) -> Bool {
        guard let scan = TriviaScanner.piece(bytes, at: position, limit: count) else { return false }
        if scan.kind == .newline { sawNewline = true } else { noteTriviaProblem(scan) }
        position = scan.end
        return true
    }

    /// The end of the run of spaces starting at `start`, eight bytes at a time.
    @inline(__always)
    func spacesEnd(from start: Int) -> Int {
        var index = start
        let base = UnsafeRawPointer(bytes.baseAddress)
        while index + 8 <= count {
            let word = UInt64(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let different = word ^ 0x2020_2020_2020_2020
            if different != 0 { return index &+ different.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        while index < count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// Skips trailing trivia: up to, not including, the next line break.
    @inline(__always)
    mutating func skipTrailingTrivia() {
        var index = position
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
                continue
            }
            if byte == lineFeed || byte == carriageReturn || !hasClass(byte, ByteClass.mayStartTrivia) { break }
            position = index
            guard scanTrailingPiece() else { break }
            index = position
        }
        position = index
    }

    /// One trailing piece through the piece scanner; false when no trivia starts here.
    @inline(never)
    mutating func scanTrailingPiece() -> Bool {
        guard let scan = TriviaScanner.piece(bytes, at: position, limit: count) else { return false }
        noteTriviaProblem(scan)
        position = scan.end
        return true
    }

    @inline(__always)
    mutating func noteTriviaProblem(_ scan: TriviaScan) {
        switch scan.kind {
        case .space, .tab, .newline, .lineComment, .docLineComment: return
        case .conflictMarker: diagnose(position, scan.end - position, "source control conflict marker")
        case .nul: diagnose(position, scan.end - position, "NUL byte in source; it is ignored")
        case .blockComment, .docBlockComment:
            if scan.isUnterminated { diagnose(position, 2, "unterminated '/*' comment") }
        default: return
        }
    }

    // MARK: Tokens

    mutating func lexToken(flags: TokenFlags) {
        let start = position
        let byte = bytes[start]
        let byteClass = classes[Int(byte)]
        if byteClass & ByteClass.identifierHead != 0 { return lexIdentifier(start, bodyFrom: start + 1, flags: flags) }
        if byteClass & ByteClass.decimalDigit != 0 { return lexNumber(start, flags: flags) }
        if byteClass & ByteClass.operatorCharacter != 0 {
            if byte == slash, let end = bareRegexEnd(start) { return emit(.regexLiteral, start, end, flags: flags) }
            return lexOperator(start, flags: flags)
        }
        switch byte {
        case dot: lexOperator(start, flags: flags)
        case UInt8(ascii: "("):
            if modes.count > 1 { modes[modes.count - 1].parenDepth += 1 }
            emit(.leftParen, start, start + 1, flags: flags)
        case UInt8(ascii: ")"):
            if modes.count > 1 {
                if modes[modes.count - 1].parenDepth == 0 {
                    // Closes an interpolation: string text follows, so no trailing trivia.
                    modes.removeLast()
                    return emit(.rightParen, start, start + 1, flags: flags, trailingTrivia: false)
                }
                modes[modes.count - 1].parenDepth -= 1
            }
            emit(.rightParen, start, start + 1, flags: flags)
        case UInt8(ascii: "{"): emit(.leftBrace, start, start + 1, flags: flags)
        case UInt8(ascii: "}"): emit(.rightBrace, start, start + 1, flags: flags)
        case UInt8(ascii: "["): emit(.leftSquare, start, start + 1, flags: flags)
        case UInt8(ascii: "]"): emit(.rightSquare, start, start + 1, flags: flags)
        case UInt8(ascii: ","): emit(.comma, start, start + 1, flags: flags)
        case UInt8(ascii: ":"):
            // `::` is one token wherever it appears, as for the compiler's lexer.
            if self.byte(at: start + 1) == UInt8(ascii: ":") { emit(.colonColon, start, start + 2, flags: flags) }
            else { emit(.colon, start, start + 1, flags: flags) }
        case UInt8(ascii: ";"): emit(.semicolon, start, start + 1, flags: flags)
        case UInt8(ascii: "@"): emit(.at, start, start + 1, flags: flags)
        case backslash: emit(.backslash, start, start + 1, flags: flags)
        case quote: lexStringOpen(start, pounds: 0, flags: flags)
        case pound: lexPound(start, flags: flags)
        case UInt8(ascii: "$"): lexDollarIdentifier(start, flags: flags)
        case UInt8(ascii: "`"): lexBacktickedIdentifier(start, flags: flags)
        case UInt8(ascii: "'"):
            diagnose(start, 1, "single-quoted literals are not Swift; use double quotes")
            emit(.unknown, start, start + 1, flags: flags)
        default:
            if byte >= 0x80, let (scalar, length) = decodeScalar(at: start) {
                if isIdentifierHead(scalar) { return lexIdentifier(start, bodyFrom: start + length, flags: flags) }
                if isOperatorHead(scalar) { return lexOperator(start, flags: flags) }
            }
            lexUnknown(start, flags: flags)
        }
    }

    /// An identifier or keyword whose head ends at `bodyFrom`.
    @inline(__always)
    mutating func lexIdentifier(_ start: Int, bodyFrom: Int, flags: TokenFlags) {
        var end = bodyFrom
        var isASCII = bodyFrom == start + 1
        // ASCII runs through the class table; the general loop only from a non-ASCII byte.
        while end < count && hasClass(bytes[end], ByteClass.identifierBody) { end &+= 1 }
        if end < count && bytes[end] >= 0x80 { end = unicodeIdentifierEnd(from: end, isASCII: &isASCII) }
        let keyword = isASCII
            ? KeywordTable.lookup(bytes, start, end, buckets: keywordBuckets, words: keywordWords, keywords: keywordValues)
            : .none
        emit(keyword.isReserved ? .keyword : .identifier, start, end, keyword: keyword, flags: flags)
    }

    /// The end of identifier characters, ASCII or not, from `start`; clears `isASCII` when
    /// it takes a non-ASCII character.
    @inline(never)
    func unicodeIdentifierEnd(from start: Int, isASCII: inout Bool) -> Int {
        var end = start
        while end < count {
            let byte = bytes[end]
            if hasClass(byte, ByteClass.identifierBody) { end += 1; continue }
            if byte >= 0x80, let (scalar, length) = decodeScalar(at: end), isIdentifierBody(scalar) {
                end += length
                isASCII = false
                continue
            }
            break
        }
        return end
    }

    /// The end of the identifier characters starting at `start` (which may be `start`).
    func identifierBodyEnd(from start: Int) -> Int {
        var end = start
        while end < count {
            let byte = bytes[end]
            if hasClass(byte, ByteClass.identifierBody) { end += 1; continue }
            if byte >= 0x80, let (scalar, length) = decodeScalar(at: end), isIdentifierBody(scalar) { end += length; continue }
            break
        }
        return end
    }

    /// `$0`, `$name`, or `$` alone.
    mutating func lexDollarIdentifier(_ start: Int, flags: TokenFlags) {
        emit(.dollarIdentifier, start, identifierBodyEnd(from: start + 1), flags: flags)
    }

    /// `` `class` `` or a raw identifier `` `with spaces` ``: up to the closing backtick on
    /// the same line. A backtick without a partner is an `.unknown` token.
    mutating func lexBacktickedIdentifier(_ start: Int, flags: TokenFlags) {
        var end = start + 1
        while end < count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "`") || byte == lineFeed || byte == carriageReturn { break }
            end += 1
        }
        if end < count && bytes[end] == UInt8(ascii: "`") && end > start + 1 {
            return emit(.identifier, start, end + 1, flags: flags)
        }
        diagnose(start, 1, "unterminated backtick identifier")
        emit(.unknown, start, start + 1, flags: flags)
    }

    /// `#if`-family directives, `#available`, `#sourceLocation`, raw strings `#"`, extended
    /// regexes `#/`, and otherwise a `#` alone (`#Preview` is `#` then `Preview`).
    mutating func lexPound(_ start: Int, flags: TokenFlags) {
        var afterPounds = start
        while afterPounds < count && bytes[afterPounds] == pound { afterPounds += 1 }
        let pounds = afterPounds - start
        let next = byte(at: afterPounds)
        if afterPounds < count && next == quote { return lexStringOpen(start, pounds: pounds, flags: flags) }
        if afterPounds < count && next == slash { return lexExtendedRegex(start, pounds: pounds, flags: flags) }
        if pounds == 1 && hasClass(next, ByteClass.identifierHead) {
            let end = identifierBodyEnd(from: afterPounds)
            if let kind = directiveKind(afterPounds, end) { return emit(kind, start, end, flags: flags) }
        }
        emit(.pound, start, start + 1, flags: flags)
    }

    func directiveKind(_ start: Int, _ end: Int) -> TokenKind? {
        switch end - start {
        case 2: return spells("if", start, end) ? .poundIf : nil
        case 4: return spells("else", start, end) ? .poundElse : nil
        case 5: return spells("endif", start, end) ? .poundEndif : nil
        case 6: return spells("elseif", start, end) ? .poundElseif : nil
        case 9: return spells("available", start, end) ? .poundAvailable : nil
        case 11: return spells("unavailable", start, end) ? .poundAvailable : nil
        case 14: return spells("sourceLocation", start, end) ? .poundSourceLocation : nil
        default: return nil
        }
    }

    func spells(_ word: StaticString, _ start: Int, _ end: Int) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        let spelling = word.utf8Start
        for offset in 0..<(end - start) where bytes[start + offset] != spelling[offset] { return false }
        return true
    }

    /// A maximal run of bytes that start no token: control bytes, invalid UTF-8, and
    /// characters that are neither identifier nor operator characters.
    mutating func lexUnknown(_ start: Int, flags: TokenFlags) {
        var end = start
        while end < count {
            let length = unknownUnitLength(at: end)
            if length == 0 { break }
            end += length
        }
        if end == start { end = start + 1 }
        diagnose(start, end - start, "unexpected bytes in source")
        emit(.unknown, start, end, flags: flags)
    }

    func unknownUnitLength(at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 {
            let isStrayControl = (byte < 0x20 && byte != 0 && !(byte >= 0x09 && byte <= 0x0D)) || byte == 0x7F
            return isStrayControl ? 1 : 0
        }
        guard let (scalar, length) = decodeScalar(at: index) else { return 1 }
        return isIdentifierHead(scalar) || isOperatorHead(scalar) ? 0 : length
    }

    // MARK: Numbers

    /// Integer and float literals in all bases. Letters glued to a number make it one
    /// malformed token. After a `.` glued to it (`x.0.1`) only digits are read: tuple index.
    mutating func lexNumber(_ start: Int, flags: TokenFlags) {
        var kind = TokenKind.integerLiteral
        var end = start + 1
        var malformed = false
        let second = byte(at: start + 1)
        let isTupleIndex = tokens.last.map { $0.kind == .period && Int($0.textEnd) == start } ?? false
        if bytes[start] == UInt8(ascii: "0") && (second == UInt8(ascii: "x") || second == UInt8(ascii: "o") || second == UInt8(ascii: "b")) {
            end = start + 2
            let digitsStart = end
            switch second {
            case UInt8(ascii: "x"):
                while end < count && (hasClass(bytes[end], ByteClass.hexDigit) || bytes[end] == UInt8(ascii: "_")) { end += 1 }
                if end == digitsStart { malformed = true; break }
                if byte(at: end) == dot && hasClass(byte(at: end + 1), ByteClass.hexDigit) {
                    var fractionEnd = end + 1
                    while fractionEnd < count && (hasClass(bytes[fractionEnd], ByteClass.hexDigit) || bytes[fractionEnd] == UInt8(ascii: "_")) {
                        fractionEnd += 1
                    }
                    let exponentFollows = byte(at: fractionEnd) == UInt8(ascii: "p") || byte(at: fractionEnd) == UInt8(ascii: "P")
                    if exponentFollows || hasClass(byte(at: end + 1), ByteClass.decimalDigit) {
                        end = fractionEnd
                        kind = .floatLiteral
                        malformed = !exponentFollows
                    } // else `0xff.description`: the integer ends at the dot.
                }
                if byte(at: end) == UInt8(ascii: "p") || byte(at: end) == UInt8(ascii: "P") {
                    kind = .floatLiteral
                    end = exponentEnd(from: end + 1, malformed: &malformed)
                }
            case UInt8(ascii: "o"):
                while end < count && ((bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "7")) || bytes[end] == UInt8(ascii: "_")) { end += 1 }
                if end == digitsStart { malformed = true }
            default:
                while end < count && (bytes[end] == UInt8(ascii: "0") || bytes[end] == UInt8(ascii: "1") || bytes[end] == UInt8(ascii: "_")) { end += 1 }
                if end == digitsStart { malformed = true }
            }
        } else {
            while end < count && (hasClass(bytes[end], ByteClass.decimalDigit) || bytes[end] == UInt8(ascii: "_")) { end += 1 }
            if !isTupleIndex {
                if byte(at: end) == dot && hasClass(byte(at: end + 1), ByteClass.decimalDigit) {
                    kind = .floatLiteral
                    end += 1
                    while end < count && (hasClass(bytes[end], ByteClass.decimalDigit) || bytes[end] == UInt8(ascii: "_")) { end += 1 }
                }
                let e = byte(at: end)
                if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                    kind = .floatLiteral
                    end = exponentEnd(from: end + 1, malformed: &malformed)
                }
            }
        }
        let gluedEnd = identifierBodyEnd(from: end)
        if gluedEnd > end { end = gluedEnd; malformed = true }
        if malformed { diagnose(start, end - start, "malformed number literal") }
        emit(kind, start, end, flags: malformed ? flags.union(.malformed) : flags)
    }

    /// The end of an exponent's optional sign and decimal digits starting at `start`.
    func exponentEnd(from start: Int, malformed: inout Bool) -> Int {
        var end = start
        if byte(at: end) == UInt8(ascii: "+") || byte(at: end) == UInt8(ascii: "-") { end += 1 }
        let digitsStart = end
        while end < count && (hasClass(bytes[end], ByteClass.decimalDigit) || bytes[end] == UInt8(ascii: "_")) { end += 1 }
        if end == digitsStart { malformed = true }
        return end
    }

    // MARK: Operators

    /// An operator, classified by Swift's whitespace rules into binary, prefix and
    /// postfix, with `=`, `->`, `.`, `?`, `!` and `&` as their own kinds.
    mutating func lexOperator(_ start: Int, flags: TokenFlags) {
        let first = bytes[start]
        let leftBound = isLeftBound(start)
        if leftBound && (first == UInt8(ascii: "?") || first == UInt8(ascii: "!")) {
            return emit(first == UInt8(ascii: "?") ? .postfixQuestion : .exclamation, start, start + 1, flags: flags)
        }
        let startsWithDot = first == dot
        if startsWithDot && leftBound && tokens.last?.kind == .backslash {
            // `\.!`, `\.?.name`: a key path's root, then its own `?`/`!` component.
            return emit(.period, start, start + 1, flags: flags)
        }
        var end = start + (first < 0x80 ? 1 : (decodeScalar(at: start)?.length ?? 1))
        while end < count {
            let current = bytes[end]
            if current == dot {
                if startsWithDot { end += 1; continue }
                break
            }
            if hasClass(current, ByteClass.operatorCharacter) {
                // `//` or `/*` inside a run starts a comment.
                if current == slash && (byte(at: end + 1) == slash || byte(at: end + 1) == UInt8(ascii: "*")) { break }
                end += 1
                continue
            }
            if current >= 0x80, let (scalar, length) = decodeScalar(at: end), isOperatorBody(scalar) {
                end += length
                continue
            }
            break
        }
        if !leftBound && end - start > 1, let slashAt = regexInsidePrefixOperator(start, end) {
            // `!/x/`, `^^/x/`: a prefix operator, then a regex literal (the next token).
            return emit(.prefixOperator, start, slashAt, flags: flags, trailingTrivia: false)
        }
        let rightBound = isRightBound(end, leftBound: leftBound)
        var kind: TokenKind = leftBound == rightBound ? .binaryOperator : (leftBound ? .postfixOperator : .prefixOperator)
        if end - start == 1 {
            switch first {
            case UInt8(ascii: "="): kind = .equal      // Whatever the spacing, as the compiler does.
            case dot: kind = .period
            case UInt8(ascii: "?"): kind = .infixQuestion
            case UInt8(ascii: "&") where kind == .prefixOperator: kind = .prefixAmpersand
            default: break
            }
        } else if end - start == 2 && first == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: ">") {
            kind = .arrow
        }
        emit(kind, start, end, flags: flags)
    }

    /// The offset of the first `/` after the first byte of the operator `start..<end` when a
    /// bare regex literal starts there, as the compiler's lexer splits `!/x/` and `^^/x/`.
    func regexInsidePrefixOperator(_ start: Int, _ end: Int) -> Int? {
        var index = start + 1
        while index < end && bytes[index] != slash { index += 1 }
        guard index < end, bareRegexEnd(index) != nil else { return nil }
        return index
    }

    /// No trivia before `start`, and the previous text does not end in `( [ { , ; :`.
    @inline(__always)
    func isLeftBound(_ start: Int) -> Bool {
        guard start > 0 && lastTextEnd == start else { return false }
        return !hasClass(bytes[start - 1], ByteClass.endsLeftBinding)
    }

    /// Something other than whitespace, a comment, `) ] } , ; :` or the end follows
    /// `end`. A `.` binds on the right only when the operator is not bound on the left.
    @inline(__always)
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < count else { return false }
        let next = bytes[end]
        if hasClass(next, ByteClass.endsRightBinding) { return false }
        switch next {
        case dot: return !leftBound
        case slash: return byte(at: end + 1) != slash && byte(at: end + 1) != UInt8(ascii: "*")
        case 0xC2: return byte(at: end + 1) != 0xA0   // a no-break space
        default: return true
        }
    }

    // MARK: Regex literals

    /// The end of a bare `/…/` regex starting at `start`, or nil when the `/` is an
    /// operator: after a value-ending token (or `func`/`operator`, which name operators),
    /// before a blank, or without a closing `/` on the same line that follows a non-space.
    func bareRegexEnd(_ start: Int) -> Int? {
        if let previous = tokens.last {
            switch previous.kind {
            case .postfixQuestion, .exclamation:
                // `try? /^ x/`: `try` takes no operator after it, so a regex follows.
                guard tokens.count >= 2 && tokens[tokens.count - 2].keyword == .try
                        && tokens[tokens.count - 2].kind == .keyword else { return nil }
            case .identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .regexLiteral, .stringClose,
                 .rightParen, .rightSquare, .rightBrace, .postfixOperator:
                return nil
            case .keyword:
                switch previous.keyword {
                // `func /(…)` and `operator /+/` name operators.
                case .self, .Self, .super, .true, .false, .nil, .func, .operator: return nil
                default: break
                }
            default: break
            }
        }
        return regexEnd(from: start)
    }

    /// The end of a `/…/` regex starting at `start` by its body alone: not before a blank,
    /// and closed on the same line by a `/` after a non-space.
    func regexEnd(from start: Int) -> Int? {
        guard start + 1 < count, !hasClass(bytes[start + 1], ByteClass.blank) else { return nil }
        var index = start + 1
        var classDepth = 0
        var groupDepth = 0
        while index < count {
            let byte = bytes[index]
            if byte == lineFeed || byte == carriageReturn { return nil }
            if byte == backslash {
                index += isLineBreak(at: index + 1) ? 1 : 2
                continue
            }
            if byte == UInt8(ascii: "(") && classDepth == 0 {
                groupDepth += 1
            } else if byte == UInt8(ascii: ")") && classDepth == 0 {
                // An unbalanced `)` (`(^/x)/`, `foo(a /b)/c`): an operator, not a regex.
                if groupDepth == 0 { return nil }
                groupDepth -= 1
            } else if byte == UInt8(ascii: "[") {
                classDepth += 1
            } else if byte == UInt8(ascii: "]") && classDepth > 0 {
                classDepth -= 1
            } else if byte == slash && classDepth == 0 {
                let before = bytes[index - 1]
                return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") ? nil : index + 1
            }
            index += 1
        }
        return nil
    }

    /// `#/…/#` with any number of `#`s; multi-line when `#/` is followed by a line break.
    mutating func lexExtendedRegex(_ start: Int, pounds: Int, flags: TokenFlags) {
        var index = start + pounds + 1
        let isMultiline = isLineBreak(at: index)
        while index < count {
            let byte = bytes[index]
            if !isMultiline && (byte == lineFeed || byte == carriageReturn) { break }
            if byte == backslash {
                index += !isMultiline && isLineBreak(at: index + 1) ? 1 : 2
                continue
            }
            if byte == slash && poundsFollow(index + 1, pounds) {
                return emit(.regexLiteral, start, index + 1 + pounds, flags: flags)
            }
            index += 1
        }
        let end = min(index, count)
        diagnose(start, end - start, "unterminated regex literal")
        emit(.regexLiteral, start, end, flags: flags.union(.malformed))
    }

    /// Whether `bytes[index..<index + pounds]` are all `#`.
    @inline(__always)
    func poundsFollow(_ index: Int, _ pounds: Int) -> Bool {
        guard index + pounds <= count else { return false }
        for offset in 0..<pounds where bytes[index + offset] != pound { return false }
        return true
    }

    // MARK: Strings

    /// `"`, `"""`, `#"`, `##"""`…: emits the delimiter and enters string mode.
    mutating func lexStringOpen(_ start: Int, pounds: Int, flags: TokenFlags) {
        let quoteAt = start + pounds
        var isMultiline = byte(at: quoteAt + 1) == quote && byte(at: quoteAt + 2) == quote && quoteAt + 2 < count
        if isMultiline && pounds > 0 {
            // A raw string whose closing quote and pounds follow on the same line is
            // single-line, however many quotes open it (as the compiler decides).
            var index = quoteAt + 2
            while index < count && bytes[index] != lineFeed && bytes[index] != carriageReturn {
                if bytes[index] == quote && poundsFollow(index + 1, pounds) {
                    isMultiline = false
                    break
                }
                index += 1
            }
        }
        emit(.stringOpen, start, quoteAt + (isMultiline ? 3 : 1), flags: flags, trailingTrivia: false)
        modes.append(LexerMode(kind: .string, pounds: pounds, isMultiline: isMultiline, openTokenIndex: tokens.count - 1))
    }

    /// In string mode: one segment of literal text, then whatever ended it: an
    /// interpolation, the closing delimiter, or (unterminated) a line break or the end.
    mutating func lexStringText() {
        let mode = modes[modes.count - 1]
        let start = position
        var index = start
        var stop = index
        enum Ending { case close, interpolation, unterminated }
        var ending = Ending.unterminated
        scan: while index < count {
            switch bytes[index] {
            case backslash:
                let afterPounds = index + 1 + mode.pounds
                guard poundsFollow(index + 1, mode.pounds) else { index += 1; continue }
                if afterPounds < count && bytes[afterPounds] == UInt8(ascii: "(") {
                    ending = .interpolation
                    stop = afterPounds + 1
                    break scan
                }
                // An escape: its character is text, and an escaped quote does not close.
                index = !mode.isMultiline && isLineBreak(at: afterPounds) ? afterPounds : afterPounds + 1
            case quote:
                if mode.isMultiline {
                    if byte(at: index + 1) == quote && byte(at: index + 2) == quote && poundsFollow(index + 3, mode.pounds) {
                        ending = .close
                        stop = index + 3 + mode.pounds
                        break scan
                    }
                } else if poundsFollow(index + 1, mode.pounds) {
                    ending = .close
                    stop = index + 1 + mode.pounds
                    break scan
                }
                index += 1
            case lineFeed, carriageReturn:
                if !mode.isMultiline { break scan }
                index += 1
            default:
                index += 1
            }
        }
        index = min(index, count)
        if index > start { emit(.stringSegment, start, index, flags: [], trailingTrivia: false) }
        switch ending {
        case .close:
            modes.removeLast()
            emit(.stringClose, index, stop, flags: [])
        case .interpolation:
            emit(.interpolationOpen, index, stop, flags: [], trailingTrivia: false)
            modes.append(LexerMode(kind: .interpolation))
        case .unterminated:
            modes.removeLast()
            flagUnterminated(mode)
            position = index
        }
    }

    mutating func flagUnterminated(_ string: LexerMode) {
        tokens[string.openTokenIndex].flags.insert(.malformed)
        let open = tokens[string.openTokenIndex]
        diagnose(Int(open.textStart), Int(open.textEnd - open.textStart), "unterminated string literal")
    }

    /// A line break inside the interpolation of a single-line string ends that string:
    /// it is unterminated, and lexing resumes in the enclosing mode.
    mutating func endSingleLineInterpolations() {
        while modes.count > 2 && modes[modes.count - 1].kind == .interpolation {
            let string = modes[modes.count - 2]
            if string.isMultiline { return }
            modes.removeLast(2)
            flagUnterminated(string)
        }
    }

    mutating func flagStringsOpenAtEndOfFile() {
        for mode in modes where mode.kind == .string { flagUnterminated(mode) }
        modes.removeSubrange(1...)
    }

    // MARK: Unicode

    /// Decodes the UTF-8 scalar at `index`; nil for an invalid or truncated sequence.
    @inline(__always)
    func decodeScalar(at index: Int) -> (scalar: UInt32, length: Int)? {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        @inline(__always) func continuation(_ offset: Int) -> UInt32? {
            guard index + offset < count else { return nil }
            let byte = bytes[index + offset]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        if lead < 0xC2 { return nil }
        if lead < 0xE0 {
            guard let c1 = continuation(1) else { return nil }
            return ((lead & 0x1F) << 6 | c1, 2)
        }
        if lead < 0xF0 {
            guard let c1 = continuation(1), let c2 = continuation(2) else { return nil }
            let scalar = (lead & 0x0F) << 12 | c1 << 6 | c2
            if scalar < 0x800 || (scalar >= 0xD800 && scalar <= 0xDFFF) { return nil }
            return (scalar, 3)
        }
        if lead < 0xF5 {
            guard let c1 = continuation(1), let c2 = continuation(2), let c3 = continuation(3) else { return nil }
            let scalar = (lead & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            if scalar < 0x10000 || scalar > 0x10FFFF { return nil }
            return (scalar, 4)
        }
        return nil
    }
}

// MARK: - Unicode character classes (The Swift Programming Language, Lexical Structure)

private func isIdentifierHead(_ c: UInt32) -> Bool {
    switch c {
    case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
    case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: return true
    case 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF: return true
    case 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F: return true
    case 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793: return true
    case 0x2C00...0x2DFF, 0x2E80...0x2FFF: return true
    case 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF: return true
    case 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD: return true
    case 0x10000...0xEFFFD: return c & 0xFFFF <= 0xFFFD
    default: return false
    }
}

private func isIdentifierBody(_ c: UInt32) -> Bool {
    switch c {
    case 0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
    default: return isIdentifierHead(c)
    }
}

private func isOperatorHead(_ c: UInt32) -> Bool {
    switch c {
    case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0...0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7: return true
    case 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E: return true
    case 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F: return true
    case 0x3001...0x3003, 0x3008...0x3020, 0x3030: return true
    default: return false
    }
}

private func isOperatorBody(_ c: UInt32) -> Bool {
    switch c {
    case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF: return true
    default: return isOperatorHead(c)
    }
}
