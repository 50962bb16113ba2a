// Every word the parser needs to recognise, reserved or contextual, as one small enum
// the lexer fills in so the parser compares bytes only once.

/// A word with meaning to the parser. `isReserved` words lex as `.keyword`, the
/// others as `.identifier` carrying this tag.
public enum Keyword: UInt8, Sendable, CaseIterable {
    case none = 0
    // Reserved: declarations.
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`,
         `import`, `init`, `inout`, `internal`, `let`, `open`, `operator`, `private`,
         `precedencegroup`, `protocol`, `public`, `rethrows`, `static`, `struct`,
         `subscript`, `typealias`, `var`
    // Reserved: statements.
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`,
         `fallthrough`, `for`, `guard`, `if`, `in`, `repeat`, `return`, `switch`,
         `throw`, `where`, `while`
    // Reserved: expressions and types.
    case `Any`, `as`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`,
         `try`, wildcard
    // Contextual.
    case `actor`, `any`, `async`, `await`, `borrowing`, `consume`, `consuming`, `convenience`,
         `copy`, `didSet`, `discard`, `distributed`, `dynamic`, `each`, `final`, `get`,
         `indirect`, `infix`, `isolated`, `lazy`, `macro`, `mutating`, `nonisolated`,
         `nonmutating`, `optional`, `override`, `package`, `postfix`, `prefix`, `required`,
         `sending`, `set`, `some`, `then`, `unowned`, `weak`, `willSet`, `_modify`, `_read`,
         `modify`, `read`, `unsafe`, `nonsending`, `_const`, `__shared`, `__owned`,
         `Type`, `Protocol`, `yield`, `__consuming`

    /// The text this keyword spells.
    public var text: String { Keyword.spellings[Int(rawValue)] }

    /// Each keyword's text by raw value (`none` gives its own name): written out, where asking
    /// each case for its name by reflection cost a few milliseconds at every start.
    /// `KeywordTests` checks it against the cases' names.
    static let spellings: [String] = [
        "none", "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where",
        "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "actor", "any", "async", "await", "borrowing", "consume", "consuming",
        "convenience", "copy", "didSet", "discard", "distributed", "dynamic", "each", "final",
        "get", "indirect", "infix", "isolated", "lazy", "macro", "mutating", "nonisolated",
        "nonmutating", "optional", "override", "package", "postfix", "prefix", "required",
        "sending", "set", "some", "then", "unowned", "weak", "willSet", "_modify", "_read",
        "modify", "read", "unsafe", "nonsending", "_const", "__shared", "__owned", "Type",
        "Protocol", "yield", "__consuming",
    ]

    /// Reserved words lex as `.keyword`; the rest stay identifiers.
    public var isReserved: Bool {
        // `open` is a modifier only in declarations; elsewhere it is an ordinary name.
        rawValue >= Keyword.associatedtype.rawValue && rawValue <= Keyword.wildcard.rawValue && self != .open
    }

    /// Looks up the keyword spelled by `bytes[start..<end]`, or `.none`.
    @inlinable
    public static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
        KeywordTable.shared.lookup(bytes, start, end)
    }
}

/// Keywords bucketed by spelling length and first byte, each spelling packed into two
/// little-endian words: looking up an identifier is one bucket load and a word compare
/// per candidate, with no hashing and no allocation.
public final class KeywordTable: Sendable {
    public static let shared = KeywordTable()
    /// No keyword is longer than this.
    static let maxLength = 16
    /// Per `length << 6 | first & 63`: the first candidate's index `<< 8` | the number of candidates.
    let buckets: [UInt32]
    /// Two words per candidate: its spelling's bytes 0..<8 and 8..<16, zero-padded.
    let words: [UInt64]
    /// The keyword raw value per candidate.
    let keywords: [UInt8]

    init() {
        var byBucket = [[Keyword]](repeating: [], count: (KeywordTable.maxLength + 1) << 6)
        for keyword in Keyword.allCases where keyword != .none {
            let text = Array(keyword.text.utf8)
            precondition(text.count <= KeywordTable.maxLength, "keyword longer than the lookup handles")
            byBucket[KeywordTable.bucket(length: text.count, first: text[0])].append(keyword)
        }
        var buckets = [UInt32](repeating: 0, count: byBucket.count)
        var words: [UInt64] = []
        var keywords: [UInt8] = []
        for (index, candidates) in byBucket.enumerated() where !candidates.isEmpty {
            buckets[index] = UInt32(keywords.count) << 8 | UInt32(candidates.count)
            for keyword in candidates {
                let text = Array(keyword.text.utf8)
                words.append(KeywordTable.pack(text[..<min(8, text.count)]))
                words.append(text.count > 8 ? KeywordTable.pack(text[8...]) : 0)
                keywords.append(keyword.rawValue)
            }
        }
        self.buckets = buckets
        self.words = words
        self.keywords = keywords
    }

    @inline(__always) static func bucket(length: Int, first: UInt8) -> Int { length << 6 | Int(first & 63) }

    /// Up to eight bytes as a little-endian word, zero-padded.
    static func pack(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for (offset, byte) in bytes.enumerated() { word |= UInt64(byte) << (8 * offset) }
        return word
    }

    /// `bytes[start..<start + length]` (`length` 0...8) as a little-endian word, zero-padded.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt64 {
        if start + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self))
            return length >= 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for offset in 0..<length { word |= UInt64(bytes[start + offset]) << (8 * offset) }
        return word
    }

    /// The keyword spelled by `bytes[start..<end]`, or `.none`.
    public func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
        buckets.withUnsafeBufferPointer { buckets in
            words.withUnsafeBufferPointer { words in
                keywords.withUnsafeBufferPointer { keywords in
                    KeywordTable.lookup(bytes, start, end, buckets: buckets, words: words, keywords: keywords)
                }
            }
        }
    }

    /// The lookup over the tables' buffers, for the lexer's loop.
    @inline(__always)
    static func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, buckets: UnsafeBufferPointer<UInt32>,
                       words: UnsafeBufferPointer<UInt64>, keywords: UnsafeBufferPointer<UInt8>) -> Keyword {
        let length = end - start
        guard length >= 1 && length <= maxLength else { return .none }
        let entry = buckets[bucket(length: length, first: bytes[start])]
        var remaining = Int(entry & 0xFF)
        if remaining == 0 { return .none }
        var candidate = Int(entry >> 8)
        let low = word(bytes, start, min(length, 8))
        let high = length > 8 ? word(bytes, start + 8, length - 8) : 0
        repeat {
            if words[2 * candidate] == low && words[2 * candidate + 1] == high {
                // The table holds raw values of `Keyword` cases only.
                return unsafeBitCast(keywords[candidate], to: Keyword.self)
            }
            candidate += 1
            remaining -= 1
        } while remaining > 0
        return .none
    }
}
