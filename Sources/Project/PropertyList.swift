// The old-style (OpenStep) property list format that Xcode writes `project.pbxproj` in:
// an exact reader, so the project model never guesses from text patterns.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A value of an old-style property list: strings, arrays, dictionaries and data.
///
/// ```
/// { objects = { A1 = { isa = PBXGroup; children = ( B2, C3, ); }; }; }
/// ```
/// Unquoted and quoted strings are both `.string`; comments (`/* … */`, `// …`) are
/// skipped; escapes in quoted strings (`\"`, `\\`, `\n`, `\t`, `\U00e9`, octal) are decoded.
public enum PropertyList: Sendable, Equatable {
    case string(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])
    case data([UInt8])

    /// The string, when this is one.
    public var string: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The elements, when this is an array.
    public var array: [PropertyList]? { if case .array(let a) = self { return a } else { return nil } }
    /// The entries, when this is a dictionary.
    public var dictionary: [String: PropertyList]? { if case .dictionary(let d) = self { return d } else { return nil } }

    /// The value for `key` when this is a dictionary that has it.
    public subscript(key: String) -> PropertyList? { dictionary?[key] }

    /// The strings of an array value (non-string elements are left out).
    public var strings: [String] { array?.compactMap(\.string) ?? [] }

    /// Parses a whole property list; trailing bytes other than whitespace and comments
    /// are an error.
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        var reader = PropertyListReader(bytes: bytes)
        let value = try reader.value()
        reader.skipSpaceAndComments()
        guard reader.offset == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }
}

/// Why a property list could not be read, with the byte offset where reading stopped.
public struct PropertyListError: Error, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String
    public var description: String { "property list: \(message) at byte \(offset)" }
}

/// A cursor over the bytes; every loop advances or throws.
private struct PropertyListReader {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0

    func error(_ message: String) -> PropertyListError { PropertyListError(offset: offset, message: message) }

    mutating func value() throws(PropertyListError) -> PropertyList {
        skipSpaceAndComments()
        guard offset < bytes.count else { throw error("unexpected end of input") }
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw error("nested too deeply") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        case UInt8(ascii: "<"): return try data()
        default:
            let word = unquoted()
            guard !word.isEmpty else { throw error("unexpected character") }
            return .string(word)
        }
    }

    private mutating func dictionary() throws(PropertyListError) -> PropertyList {
        offset += 1
        // Gathered in order, then hashed into a table of the right size (a project's
        // `objects` holds hundreds of entries).
        var entries: [(key: String, value: PropertyList)] = []
        while true {
            skipSpaceAndComments()
            guard offset < bytes.count else { throw error("unterminated dictionary") }
            if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .dictionary(Dictionary(entries, uniquingKeysWith: { _, later in later }))
            }
            guard let key = try value().string else { throw error("dictionary key is not a string") }
            skipSpaceAndComments()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else { throw error("expected '='") }
            offset += 1
            let entry = try value()
            skipSpaceAndComments()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else { throw error("expected ';'") }
            offset += 1
            entries.append((key, entry))
        }
    }

    private mutating func array() throws(PropertyListError) -> PropertyList {
        offset += 1
        var elements: [PropertyList] = []
        while true {
            skipSpaceAndComments()
            guard offset < bytes.count else { throw error("unterminated array") }
            if bytes[offset] == UInt8(ascii: ")") { offset += 1; return .array(elements) }
            elements.append(try value())
            skipSpaceAndComments()
            guard offset < bytes.count else { throw error("unterminated array") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] != UInt8(ascii: ")") {
                throw error("expected ',' or ')'")
            }
        }
    }

    private mutating func data() throws(PropertyListError) -> PropertyList {
        offset += 1
        var result: [UInt8] = []
        var high: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("odd number of hex digits") }
                return .data(result)
            }
            if byte == 32 || byte == 9 || byte == 10 || byte == 13 { continue }
            guard let nibble = PropertyListReader.hexValue(byte) else { throw error("bad hex digit in data") }
            if let h = high { result.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        throw error("unterminated data")
    }

    /// Characters allowed in an unquoted string, as NeXT's format defines them.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private mutating func unquoted() -> String {
        let start = offset
        while offset < bytes.count && PropertyListReader.isUnquoted(bytes[offset]) { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[offset]
        offset += 1
        // Most quoted strings hold no escape: decoded from the bytes in place.
        var end = offset
        while end < bytes.count && bytes[end] != quote && bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count && bytes[end] == quote {
            let text = String(decoding: bytes[offset..<end], as: UTF8.self)
            offset = end + 1
            return text
        }
        var result: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == quote { return String(decoding: result, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
            guard offset < bytes.count else { break }
            let escaped = bytes[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "n"): result.append(10)
            case UInt8(ascii: "t"): result.append(9)
            case UInt8(ascii: "r"): result.append(13)
            case UInt8(ascii: "a"): result.append(7)
            case UInt8(ascii: "b"): result.append(8)
            case UInt8(ascii: "f"): result.append(12)
            case UInt8(ascii: "v"): result.append(11)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, offset < bytes.count, let nibble = PropertyListReader.hexValue(bytes[offset]) {
                    scalar = scalar << 4 | UInt32(nibble)
                    offset += 1
                    digits += 1
                }
                guard digits > 0 else { throw error("bad \\U escape") }
                result.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(bytes[offset] - UInt8(ascii: "0"))
                    offset += 1
                    digits += 1
                }
                result.append(UInt8(truncatingIfNeeded: value))
            default:
                result.append(escaped)  // `\"`, `\\`, `\'` and anything else stand for themselves
            }
        }
        throw error("unterminated string")
    }

    mutating func skipSpaceAndComments() {
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 || byte == 11 {
                offset += 1
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "*") {
                // `/* name */` follows nearly every identifier Xcode writes: its end is
                // searched for a star at a time.
                offset += 2
                while offset < bytes.count {
                    let star = bytes.withUnsafeBufferPointer { buffer in
                        memchr(buffer.baseAddress! + offset, Int32(UInt8(ascii: "*")), buffer.count - offset)
                            .map { buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                    }
                    guard let star else { offset = bytes.count; break }
                    offset = star
                    if offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/") { break }
                    offset += 1
                }
                offset = min(offset + 2, bytes.count)
            } else if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                while offset < bytes.count && bytes[offset] != 10 && bytes[offset] != 13 { offset += 1 }
            } else {
                return
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
