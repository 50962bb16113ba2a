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
         `Type`, `Protocol`, `yield`

    /// The text this keyword spells.
    public var text: String {
        self == .wildcard ? "_" : String(describing: self).replacingBackticks()
    }

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

extension String {
    fileprivate func replacingBackticks() -> String { String(self.filter { $0 != "`" }) }
}

/// An open-addressing table from spelling to keyword, hashed with FNV-1a over bytes so
/// that looking up an identifier allocates nothing.
public final class KeywordTable: Sendable {
    public static let shared = KeywordTable()
    @usableFromInline let slots: [UInt8]          // keyword raw value per slot, 0 = empty
    @usableFromInline let spellings: [[UInt8]]    // indexed by keyword raw value
    @usableFromInline static let mask = 511

    init() {
        var slots = [UInt8](repeating: 0, count: KeywordTable.mask + 1)
        var spellings = [[UInt8]](repeating: [], count: 256)
        for keyword in Keyword.allCases where keyword != .none {
            let text = Array(keyword.text.utf8)
            spellings[Int(keyword.rawValue)] = text
            var slot = KeywordTable.hash(text) & KeywordTable.mask
            while slots[slot] != 0 { slot = (slot + 1) & KeywordTable.mask }
            slots[slot] = keyword.rawValue
        }
        self.slots = slots
        self.spellings = spellings
    }

    @usableFromInline static func hash<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var h: UInt32 = 2166136261
        for b in bytes { h = (h ^ UInt32(b)) &* 16777619 }
        return Int(h)
    }

    @inlinable
    public func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword {
        let length = end - start
        if length < 1 || length > 16 { return .none }
        var h: UInt32 = 2166136261
        for i in start..<end { h = (h ^ UInt32(bytes[i])) &* 16777619 }
        var slot = Int(h) & KeywordTable.mask
        while true {
            let raw = slots[slot]
            if raw == 0 { return .none }
            let spelling = spellings[Int(raw)]
            if spelling.count == length {
                var same = true
                for i in 0..<length where spelling[i] != bytes[start + i] { same = false; break }
                if same { return Keyword(rawValue: raw)! }
            }
            slot = (slot + 1) & KeywordTable.mask
        }
    }
}
