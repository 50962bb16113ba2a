// Readable renderings of a tree and its tokens, for `bodywork parse`, tests and
// debugging. Every byte stays visible: control bytes and invalid UTF-8 are escaped.

extension Node {
    /// One line per node (`kind start..<end`, the range with trivia) and per token
    /// (`kind "text"`), indented by depth.
    public func dump() -> String {
        var out = ""
        var stack: [(Syntax, Int)] = [(.node(self), 0)]
        while let (item, depth) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth)
            switch item {
            case .node(let node):
                out += "\(indent)\(node.kind) \(node.range.lowerBound)..<\(node.range.upperBound)\n"
                for child in node.children.reversed() { stack.append((child, depth + 1)) }
            case .token(let token):
                out += "\(indent)\(token.kind) \"\(escapedForDisplay(tree.bytes[token.textRange]))\"\n"
            }
        }
        return out
    }
}

extension SyntaxTree {
    /// One token per line: kind, text range, text, leading and trailing trivia.
    public func tokenDump() -> String {
        var out = ""
        for index in tokens.indices {
            let token = token(at: index)
            let range = token.textRange
            out += "\(token.kind) \(range.lowerBound)..<\(range.upperBound) \"\(escapedForDisplay(bytes[range]))\""
            out += " leading=\"\(escapedForDisplay(bytes[token.leadingTriviaRange]))\""
            out += " trailing=\"\(escapedForDisplay(bytes[token.trailingTriviaRange]))\"\n"
        }
        return out
    }
}

/// Bytes shown on one line: `\n`, `\r`, `\t`, `\\`, `\"`, control bytes as `\u{XX}`,
/// and, when the bytes are not valid UTF-8, bytes from 0x80 up as `\xNN`.
public func escapedForDisplay(_ bytes: ArraySlice<UInt8>) -> String {
    let valid = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    var out = ""
    var plain: [UInt8] = []
    func flushPlain() {
        if !plain.isEmpty { out += String(decoding: plain, as: UTF8.self); plain.removeAll() }
    }
    for byte in bytes {
        switch byte {
        case UInt8(ascii: "\n"): flushPlain(); out += "\\n"
        case UInt8(ascii: "\r"): flushPlain(); out += "\\r"
        case UInt8(ascii: "\t"): flushPlain(); out += "\\t"
        case UInt8(ascii: "\\"): flushPlain(); out += "\\\\"
        case UInt8(ascii: "\""): flushPlain(); out += "\\\""
        case 0..<0x20, 0x7F: flushPlain(); out += "\\u{\(String(byte, radix: 16))}"
        case 0x80...0xFF where !valid: flushPlain(); out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
        default: plain.append(byte)
        }
    }
    flushPlain()
    return out
}
