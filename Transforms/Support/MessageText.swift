// What a finding's message may quote of the user's code: short, on one line, so that the
// message stays one sentence of at most `MessageText.limit` characters.
import Codemod
import SwiftCST

enum MessageText {
    /// The most characters a finding's message has (DESIGN.md, "Messages").
    static let limit = Finding.messageLimit

    /// `text` on one line, cut to at most `length` characters with `…` in the middle when
    /// longer (the start names the call, the end its last modifier).
    static func quoted(_ text: String, max length: Int = 40) -> String {
        let line = oneLine(text)
        guard line.count > length else { return line }
        let head = line.prefix((length - 1) * 2 / 3)
        let tail = line.suffix(length - 1 - head.count)
        return head + "…" + tail
    }

    /// Each line of `text` without its leading and trailing blanks, joined by spaces.
    private static func oneLine(_ text: String) -> String {
        // Most quotes are short ASCII on one line (a key path, a call): trimmed by their
        // bytes, where splitting by characters costs more than the rest of a finding.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 && ($0 < 0x0A || $0 > 0x0D) }) {
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else { return "" }
            return String(text[first...last])
        }
        var line = ""
        for (number, part) in text.split(whereSeparator: \.isNewline).enumerated() {
            if number > 0 { line += " " }
            guard let first = part.firstIndex(where: { !$0.isWhitespace }),
                  let last = part.lastIndex(where: { !$0.isWhitespace }) else { continue }
            line += part[first...last]
        }
        return line
    }

    /// The first of `candidates` that fits in `limit` characters (the last one otherwise):
    /// a message names what it can, and says less where the names are long.
    static func fitting(_ candidates: String...) -> String {
        candidates.first { $0.count <= limit } ?? candidates[candidates.count - 1]
    }

    /// `node`'s code on one line, cut as `quoted(_:max:)` cuts it.
    static func quoted(_ node: Node, max length: Int = 40) -> String {
        quoted(singleLineText(node) ?? node.text, max: length)
    }
}
