// A small streaming XML tokenizer over the bytes of a file, for `xctrace export` documents
// that run to hundreds of megabytes: it holds one read buffer and the open elements, never
// the document.
import Foundation

/// Why an evidence file could not be read; `audit` reports it as a usage error naming the file.
struct EvidenceError: Error {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a file in chunks and hands out what is between `<` and `>` and the text between.
final class XMLTokenizer {
    /// One piece of the document.
    enum Token {
        /// `<name …>` or `<name …/>`, with the attributes bodywork reads.
        case open(name: String, attributes: XMLAttributes, selfClosing: Bool)
        case close(name: String)
        /// Character data, entities decoded; whitespace-only text is skipped.
        case text(String)
    }

    private let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The line (from 1) of the token last returned, for messages.
    private(set) var line = 1
    private static let chunk = 1 << 20

    init(path: String) throws(EvidenceError) {
        guard let file = fopen(path, "rb") else { throw EvidenceError("cannot be read (\(String(cString: strerror(errno))))") }
        self.file = file
        buffer = [UInt8](repeating: 0, count: XMLTokenizer.chunk)
    }

    deinit { fclose(file) }

    /// The next token, or nil at the end of the file.
    func next() throws(EvidenceError) -> Token? {
        while true {
            guard let byte = try peek(0) else { return nil }
            if byte == UInt8(ascii: "<") {
                if let token = try markup() { return token }
                continue
            }
            let textEnd = try find(UInt8(ascii: "<"), from: start) ?? end
            let bytes = buffer[start..<textEnd]
            countLines(bytes)
            start = textEnd
            if bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) { continue }
            return .text(XMLTokenizer.decode(bytes))
        }
    }

    // MARK: - Markup

    /// A tag, or nil for a declaration, comment or processing instruction (skipped).
    private func markup() throws(EvidenceError) -> Token? {
        let second = try peek(1)
        if second == UInt8(ascii: "?") { try skip(past: Array("?>".utf8)); return nil }
        if second == UInt8(ascii: "!") {
            if try starts(with: "<!--") { try skip(past: Array("-->".utf8)); return nil }
            if try starts(with: "<![CDATA[") {
                let stop = try find(sequence: Array("]]>".utf8), from: start + 9)
                guard let stop else { throw truncated("a CDATA section") }
                let text = String(decoding: buffer[(start + 9)..<stop], as: UTF8.self)
                countLines(buffer[start..<stop])
                start = stop + 3
                return .text(text)
            }
            try skip(past: [UInt8(ascii: ">")])
            return nil
        }
        guard let close = try tagEnd() else { throw truncated("a tag") }
        let tag = buffer[(start + 1)..<close]
        countLines(tag)
        start = close + 1
        if tag.first == UInt8(ascii: "/") {
            let name = tag.dropFirst().prefix { !XMLTokenizer.isSpace($0) }
            guard !name.isEmpty else { throw malformed("an end tag without a name") }
            return .close(name: String(decoding: name, as: UTF8.self))
        }
        let selfClosing = tag.last == UInt8(ascii: "/")
        let body = selfClosing ? tag.dropLast() : tag[...]
        let nameBytes = body.prefix { !XMLTokenizer.isSpace($0) }
        guard let first = nameBytes.first, XMLTokenizer.isNameStart(first) else { throw malformed("a tag that does not start with a name") }
        let attributes = try XMLAttributes(parsing: body[nameBytes.endIndex...], line: line)
        return .open(name: String(decoding: nameBytes, as: UTF8.self), attributes: attributes, selfClosing: selfClosing)
    }

    /// The `>` ending the tag at `start`, outside quoted attribute values.
    private func tagEnd() throws(EvidenceError) -> Int? {
        // Relative to `start`, which a fill moves.
        var offset = 1
        var quote: UInt8? = nil
        while true {
            if start + offset >= end {
                guard try fill() else { return nil }
                continue
            }
            let byte = buffer[start + offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return start + offset
            } else if byte == UInt8(ascii: "<") {
                throw malformed("a `<` inside a tag")
            }
            offset += 1
        }
    }

    // MARK: - Buffer

    /// Moves the unread bytes to the front and reads more; false at the end of the file.
    /// It moves `start` to 0: callers keep offsets relative to `start` across a fill.
    private func fill() throws(EvidenceError) -> Bool {
        if atEnd { return false }
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { pointer in
                _ = memmove(pointer.baseAddress!, pointer.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            fread(pointer.baseAddress! + end, 1, pointer.count - end, file)
        }
        if count == 0 {
            if ferror(file) != 0 { throw EvidenceError("could not be read to the end") }
            atEnd = true
            return false
        }
        end += count
        return true
    }

    private func peek(_ offset: Int) throws(EvidenceError) -> UInt8? {
        while start + offset >= end { guard try fill() else { return nil } }
        return buffer[start + offset]
    }

    private func starts(with text: StaticString) throws(EvidenceError) -> Bool {
        let bytes = Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        for (offset, byte) in bytes.enumerated() where try peek(offset) != byte { return false }
        return true
    }

    /// The first `byte` at or after `from` (an offset from the buffer's front when called),
    /// reading more as needed; nil at the end of the file. Returned relative to the buffer
    /// as it is on return.
    private func find(_ byte: UInt8, from: Int) throws(EvidenceError) -> Int? {
        var relative = from - start
        while true {
            let found: Int? = buffer.withUnsafeBufferPointer { pointer in
                let base = start + relative
                guard base < end, let hit = memchr(pointer.baseAddress! + base, Int32(byte), end - base) else { return nil }
                return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - pointer.baseAddress!
            }
            if let found { return found }
            relative = end - start
            guard try fill() else { return nil }
        }
    }

    private func find(sequence: [UInt8], from: Int) throws(EvidenceError) -> Int? {
        var relative = from - start
        while true {
            guard let hit = try find(sequence[0], from: start + relative) else { return nil }
            relative = hit - start
            while start + relative + sequence.count > end {
                guard try fill() else { return nil }
            }
            let at = start + relative
            if buffer[at..<(at + sequence.count)].elementsEqual(sequence) { return at }
            relative += 1
        }
    }

    private func skip(past terminator: [UInt8]) throws(EvidenceError) {
        guard let stop = try find(sequence: terminator, from: start) else { throw truncated("a declaration or comment") }
        countLines(buffer[start..<stop])
        start = stop + terminator.count
    }

    private func countLines(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { pointer in
            guard var scan = pointer.baseAddress else { return }
            let stop = scan + pointer.count
            while scan < stop, let hit = memchr(scan, 10, stop - scan) {
                line += 1
                scan = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
    }

    private func truncated(_ what: String) -> EvidenceError {
        EvidenceError("truncated: the file ends inside \(what) (line \(line))")
    }

    private func malformed(_ what: String) -> EvidenceError {
        EvidenceError("not well-formed XML: \(what) at line \(line)")
    }

    // MARK: - Characters

    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Text with the five named entities and character references decoded.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                out.append(byte)
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch name {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") { scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                else if name.hasPrefix("#") { scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
            }
            if let scalar {
                out += Array(String(Character(scalar)).utf8)
                index = semicolon + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The attributes of a tag that an export's reader needs: `id`, `ref`, `fmt` and `name`
/// (others are checked for form and dropped).
struct XMLAttributes {
    var id: String?
    var ref: String?
    var fmt: String?
    var name: String?

    init() {}

    init(parsing bytes: ArraySlice<UInt8>, line: Int) throws(EvidenceError) {
        var index = bytes.startIndex
        while true {
            while index < bytes.endIndex, XMLTokenizer.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return }
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "="), !XMLTokenizer.isSpace(bytes[index]) { index += 1 }
            let name = bytes[nameStart..<index]
            while index < bytes.endIndex, XMLTokenizer.isSpace(bytes[index]) { index += 1 }
            guard !name.isEmpty, index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else {
                throw EvidenceError("not well-formed XML: an attribute without a value at line \(line)")
            }
            index += 1
            while index < bytes.endIndex, XMLTokenizer.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw EvidenceError("not well-formed XML: an attribute value without quotes at line \(line)")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.endIndex, bytes[index] != quote { index += 1 }
            guard index < bytes.endIndex else { throw EvidenceError("not well-formed XML: an unterminated attribute value at line \(line)") }
            let value = bytes[valueStart..<index]
            index += 1
            switch String(decoding: name, as: UTF8.self) {
            case "id": id = XMLTokenizer.decode(value)
            case "ref": ref = XMLTokenizer.decode(value)
            case "fmt": fmt = XMLTokenizer.decode(value)
            case "name": self.name = XMLTokenizer.decode(value)
            default: break
            }
        }
    }
}
