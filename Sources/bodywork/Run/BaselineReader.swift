// Reads a baseline file straight from its bytes into entries: Foundation's JSON objects
// took 1 GB for a baseline of 54 MB, this takes little more than the entries themselves.

/// A reader of the baseline document (`{"version": 1, "findings": [{…}, …]}`); members
/// it does not know are skipped, whatever they hold, and a later duplicate key wins.
struct BaselineReader {
    /// One entry as written.
    struct Entry {
        var path: String
        var rule: String
        var source: String
        var count: Int
    }

    /// What is wrong with the document, in the words `Baseline.read` uses.
    struct Failure: Error {
        var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Arrays and objects open around the reader; bounded, so a hostile file cannot
    /// exhaust the stack.
    private var depth = 0
    private static let maxDepth = 512

    /// The document's `version` (nil when absent or not a whole number) and its entries.
    static func read(_ bytes: [UInt8]) throws(Failure) -> (version: Int?, entries: [Entry]) {
        var reader = BaselineReader(bytes: bytes)
        return try reader.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() throws(Failure) -> (version: Int?, entries: [Entry]) {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw Failure(message: "not a JSON object") }
        var version: Int?
        var entries: [Entry]?
        try members { key, reader throws(Failure) in
            switch key {
            case "version":
                version = try reader.wholeNumber()
            case "findings":
                guard reader.peek == UInt8(ascii: "[") else {
                    throw Failure(message: "expected a \"findings\" array of objects")
                }
                entries = try reader.findings()
            default:
                try reader.skipValue()
            }
        }
        skipSpace()
        guard index == bytes.count else { throw invalid("text after the object") }
        guard version == Baseline.version else { throw Failure(message: "expected \"version\": \(Baseline.version)") }
        guard let entries else { throw Failure(message: "expected a \"findings\" array of objects") }
        return (version, entries)
    }

    private mutating func findings() throws(Failure) -> [Entry] {
        var entries: [Entry] = []
        try elements { reader throws(Failure) in
            let number = entries.count
            guard reader.peek == UInt8(ascii: "{") else { throw Failure(message: "expected a \"findings\" array of objects") }
            var path: String?, rule: String?, source: String?
            var count: Int? = 1
            var countIsValid = true
            try reader.members { key, reader throws(Failure) in
                switch key {
                case "path": path = try reader.stringIfAny()
                case "rule": rule = try reader.stringIfAny()
                case "source": source = try reader.stringIfAny()
                case "count":
                    count = try reader.wholeNumber()
                    countIsValid = count.map { $0 >= 1 } ?? false
                default: try reader.skipValue()
                }
            }
            guard let path, let rule, let source else {
                throw Failure(message: "findings[\(number)]: expected \"path\", \"rule\" and \"source\" strings")
            }
            guard countIsValid, let count else {
                throw Failure(message: "findings[\(number)]: \"count\" must be a whole number of at least 1")
            }
            entries.append(Entry(path: path, rule: rule, source: source, count: count))
        }
        return entries
    }

    // MARK: - JSON

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        skipSpace()
        guard peek == byte else { throw invalid("expected '\(Character(UnicodeScalar(byte)))'") }
        index += 1
    }

    /// Calls `body` with each key of the object at the cursor, the cursor on its value.
    private mutating func members(_ body: (String, inout BaselineReader) throws(Failure) -> Void) throws(Failure) {
        try open(UInt8(ascii: "{"))
        skipSpace()
        if peek == UInt8(ascii: "}") { index += 1; depth -= 1; return }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw invalid("expected a key") }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            try body(key, &self)
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            depth -= 1
            return
        }
    }

    /// Calls `body` for each element of the array at the cursor, the cursor on it.
    private mutating func elements(_ body: (inout BaselineReader) throws(Failure) -> Void) throws(Failure) {
        try open(UInt8(ascii: "["))
        skipSpace()
        if peek == UInt8(ascii: "]") { index += 1; depth -= 1; return }
        while true {
            skipSpace()
            try body(&self)
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"))
            depth -= 1
            return
        }
    }

    private mutating func open(_ byte: UInt8) throws(Failure) {
        try expect(byte)
        depth += 1
        guard depth <= BaselineReader.maxDepth else { throw invalid("nested too deeply") }
    }

    private mutating func skipValue() throws(Failure) {
        switch peek {
        case UInt8(ascii: "{"): try members { _, reader throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "["): try elements { reader throws(Failure) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        default: _ = try scalar()
        }
    }

    /// A string value, or nil (the value skipped) when it is another kind.
    private mutating func stringIfAny() throws(Failure) -> String? {
        if peek == UInt8(ascii: "\"") { return try string() }
        try skipValue()
        return nil
    }

    /// A number with no fractional part (`2` or `2.0`), or nil (the value skipped) for
    /// anything else, `true` and `"2"` among them.
    private mutating func wholeNumber() throws(Failure) -> Int? {
        guard let byte = peek, byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else {
            try skipValue()
            return nil
        }
        let text = try scalar()
        if let whole = Int(text) { return whole }
        guard let number = Double(text) else { return nil }
        return Int(exactly: number)
    }

    /// A number or a literal (`true`, `false`, `null`), as written.
    private mutating func scalar() throws(Failure) -> String {
        let start = index
        while let byte = peek, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "E") {
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, ["true", "false", "null"].contains(text) || Double(text) != nil else {
            index = start
            throw invalid("expected a value")
        }
        return text
    }

    private mutating func string() throws(Failure) -> String {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while let byte = peek {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"): out += try unicodeEscape()
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                default: throw invalid("an unknown escape")
                }
            case 0..<0x20:
                throw invalid("a control character in a string")
            default:
                out.append(byte)
            }
        }
        throw invalid("a string that is never closed")
    }

    /// The UTF-8 of `\uXXXX` (the cursor after the `u`), a surrogate pair taken whole.
    private mutating func unicodeEscape() throws(Failure) -> [UInt8] {
        var code = try hex4()
        if code >= 0xD800 && code < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
           bytes[index + 1] == UInt8(ascii: "u") {
            index += 2
            let low = try hex4()
            guard low >= 0xDC00 && low < 0xE000 else { throw invalid("a broken surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw invalid("a lone surrogate") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self),
                                                           radix: 16) else {
            throw invalid("a \\u escape without four hex digits")
        }
        index += 4
        return value
    }

    /// "not valid JSON at line L, column C: what".
    private func invalid(_ what: String) -> Failure {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(message: "not valid JSON at line \(line), column \(column): \(what)")
    }
}
