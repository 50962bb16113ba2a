// An open document of `bodywork lsp` as UTF-8 bytes, and the conversion between the byte
// offsets the engine speaks and the line/character positions of the protocol.
import SwiftCST

/// How the client counts characters within a line (`positionEncoding`).
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// The encoding to use given those the client offers: UTF-8 when offered, since
    /// offsets are UTF-8 already, else UTF-16, which every client supports.
    static func negotiate(offered: [String]) -> PositionEncoding {
        if offered.contains(PositionEncoding.utf8.rawValue) { return .utf8 }
        return .utf16
    }

    /// Code units of this encoding in the scalar whose UTF-8 lead byte is `lead`.
    func units(leadByte lead: UInt8) -> Int {
        switch self {
        case .utf8: return DocumentText.scalarLength(leadByte: lead)
        case .utf16: return lead >= 0xF0 ? 2 : 1
        }
    }
}

/// A zero-based line and a character offset in the negotiated encoding.
struct TextPosition: Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{ "line": L, "character": C }`.
    init?(_ json: JSONInput?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONText { .object([("line", .integer(line)), ("character", .integer(character))]) }
}

/// The text of one open document and its position lookups. Line breaks are LF, CRLF
/// and a lone CR, as in the protocol (and `SourceLocationConverter`).
struct DocumentText {
    private(set) var bytes: [UInt8]
    private var lines: SourceLocationConverter

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = SourceLocationConverter(bytes)
    }

    /// The byte offset of `position`. A character past the end of its line means the end
    /// of the line, a line past the end of the text the end of the text (as the protocol
    /// asks); a character inside a scalar (half of a surrogate pair) means its start.
    func offset(of position: TextPosition, encoding: PositionEncoding) -> Int {
        guard let line = lines.lineRange(position.line + 1) else { return bytes.count }
        var offset = line.lowerBound
        var units = 0
        while offset < line.upperBound {
            let width = encoding.units(leadByte: bytes[offset])
            if units + width > position.character { break }
            units += width
            offset += DocumentText.scalarLength(leadByte: bytes[offset])
        }
        return min(offset, line.upperBound)
    }

    /// The position of byte `offset` (clamped to the text).
    func position(of offset: Int, encoding: PositionEncoding) -> TextPosition {
        let (line, column) = lines.location(of: offset)
        let lineStart = lines.lineRange(line)!.lowerBound
        let end = lineStart + column - 1
        if encoding == .utf8 { return TextPosition(line: line - 1, character: column - 1) }
        var units = 0
        var i = lineStart
        while i < end {
            units += encoding.units(leadByte: bytes[i])
            i += DocumentText.scalarLength(leadByte: bytes[i])
        }
        return TextPosition(line: line - 1, character: units)
    }

    /// The `{ start, end }` range of a byte range.
    func range(_ range: Range<Int>, encoding: PositionEncoding) -> JSONText {
        .object([("start", position(of: range.lowerBound, encoding: encoding).json),
                 ("end", position(of: range.upperBound, encoding: encoding).json)])
    }

    /// The byte range of a `{ start, end }` range; nil when it is malformed.
    func byteRange(_ json: JSONInput?, encoding: PositionEncoding) -> Range<Int>? {
        guard let start = TextPosition(json?["start"]), let end = TextPosition(json?["end"]) else { return nil }
        let lower = offset(of: start, encoding: encoding), upper = offset(of: end, encoding: encoding)
        return lower <= upper ? lower..<upper : nil
    }

    /// Replaces a byte range (an incremental change) or everything.
    mutating func replace(_ range: Range<Int>?, with replacement: [UInt8]) {
        if let range {
            bytes.replaceSubrange(range, with: replacement)
        } else {
            bytes = replacement
        }
        lines = SourceLocationConverter(bytes)
    }

    /// The 1-based line holding `offset` and that line's bytes without the line break.
    func line(holding offset: Int) -> (number: Int, range: Range<Int>) {
        let number = lines.location(of: offset).line
        return (number, lines.lineRange(number)!)
    }

    /// The line break ending `line` (1-based), or nil for the last line.
    func lineBreak(after line: Range<Int>) -> [UInt8]? {
        guard line.upperBound < bytes.count else { return nil }
        if bytes[line.upperBound] == UInt8(ascii: "\r") {
            return line.upperBound + 1 < bytes.count && bytes[line.upperBound + 1] == UInt8(ascii: "\n") ? [13, 10] : [13]
        }
        return [10]
    }

    /// Bytes in the UTF-8 sequence that `lead` starts (1 for a stray continuation byte,
    /// so that a walk always advances).
    static func scalarLength(leadByte lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
