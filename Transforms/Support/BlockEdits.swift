// The edits rules make to whole lines of a file: which comments a statement owns, moving a
// block to another depth, removing a declaration, and inserting a member into a type.
import Codemod
import SwiftCST

extension SourceLayout {
    // MARK: - Comment ownership

    /// The first comment of the block of comment lines directly above `token` (no blank
    /// line between), or nil when there is none: the comments a statement owns.
    func ownedCommentStart(_ token: Token) -> Int? {
        var start: Int? = nil
        var newlines = 0
        for piece in token.leadingTriviaPieces.reversed() {
            switch piece.kind {
            case .space, .tab: continue
            case .newline:
                newlines += 1
                if newlines > 1 { return start }
            default:
                if piece.kind.isComment { start = piece.range.lowerBound; newlines = 0 } else { return start }
            }
        }
        return start
    }

    /// Where a statement begins, with the comment lines directly above it.
    func statementStart(_ statement: Node) -> Int {
        guard let first = statement.firstToken else { return statement.trimmedRange.lowerBound }
        return ownedCommentStart(first) ?? first.textRange.lowerBound
    }

    /// Where a statement ends, with its same-line comment.
    func statementEnd(_ statement: Node) -> Int {
        lineEnd(statement.trimmedRange.upperBound)
    }

    /// The whole lines from `first` (with the comments it owns) through `last` (with its
    /// same-line comment and line break), or nil when other code shares the first or last line.
    func wholeLines(from first: Node, through last: Node) -> Range<Int>? {
        guard isFirstOnLine(first.trimmedRange.lowerBound), isLastOnLine(last.trimmedRange.upperBound) else { return nil }
        return lineStart(statementStart(first))..<afterLineBreak(lineEnd(last.trimmedRange.upperBound))
    }

    // MARK: - Removing lines

    /// `lines` widened so that removing them leaves no stray blank line: the blank line after
    /// them goes too when they opened their block (no blank line right after a `{` or `in`)
    /// or followed a blank line (one blank line stays between the neighbours); the blank
    /// line before them goes when they closed their block (none right before a `}`).
    func removalRange(_ lines: Range<Int>) -> Range<Int> {
        guard lines.lowerBound > 0, lines.upperBound < bytes.count else { return lines }
        // The line before, without its line break (CRLF or LF).
        let breakStart = lines.lowerBound >= 2 && bytes[lines.lowerBound - 2] == 13 && bytes[lines.lowerBound - 1] == 10
            ? lines.lowerBound - 2 : lines.lowerBound - 1
        let previousLineStart = lineStart(breakStart)
        let previous = text(previousLineStart..<breakStart)
        let previousIsBlank = isBlank(previousLineStart..<breakStart)
        let opensBlock = previous.trimmingSuffixSpaces().hasSuffix("{") || previous.hasSuffix(" in")
        let nextEnd = lineEnd(lines.upperBound)
        if opensBlock || previousIsBlank, isBlank(lines.upperBound..<nextEnd), nextEnd < bytes.count {
            return lines.lowerBound..<afterLineBreak(nextEnd)
        }
        if previousIsBlank, previousLineStart > 0, firstNonBlankByte(from: lines.upperBound) == UInt8(ascii: "}") {
            return previousLineStart..<lines.upperBound
        }
        return lines
    }

    /// Whether `range` holds only spaces and tabs.
    private func isBlank(_ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == 32 || bytes[$0] == 9 }
    }

    /// The first byte from `offset` to the end of its line that is not a space or a tab;
    /// nil for a blank rest of line.
    func firstNonBlankByte(from offset: Int) -> UInt8? {
        (offset..<lineEnd(offset)).first { bytes[$0] != 32 && bytes[$0] != 9 }.map { bytes[$0] }
    }

    /// The edit deleting `declaration` whole: its owned comments, its lines, and the blank
    /// line `removalRange` says goes with them. Nil when other code shares its lines.
    func removal(of declaration: Node) -> Edit? {
        wholeLines(from: declaration, through: declaration).map { .delete(removalRange($0)) }
    }

    /// The edits removing each of `declarations`, one fix each, such that applying them all
    /// leaves what removing each run of adjacent ones as a block leaves: the blank line
    /// `removalRange` takes goes with the run's first or last declaration, never twice, and
    /// never leaves two blank lines in a row or one before `}`. Nil for one whose lines are
    /// shared with other code.
    func removals(of declarations: [Node]) -> [Edit?] {
        let lines = declarations.map { wholeLines(from: $0, through: $0) }
        var edits: [Edit?] = lines.map { $0.map { .delete(removalRange($0)) } }
        // Runs of adjacent lines, in source order.
        let order = lines.indices.filter { lines[$0] != nil }.sorted { lines[$0]!.lowerBound < lines[$1]!.lowerBound }
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, lines[order[end + 1]]!.lowerBound == lines[order[end]]!.upperBound { end += 1 }
            if end > start {
                let run = lines[order[start]]!.lowerBound..<lines[order[end]]!.upperBound
                let widened = removalRange(run)
                for position in start...end {
                    var range = lines[order[position]]!
                    if position == start { range = widened.lowerBound..<range.upperBound }
                    if position == end { range = range.lowerBound..<widened.upperBound }
                    edits[order[position]] = .delete(range)
                }
            }
            start = end + 1
        }
        return edits
    }

    // MARK: - Moving blocks

    /// The lines of `range` (which starts on a line) moved to another depth: each line's
    /// `from` prefix becomes `to`; a line without the prefix is kept as it is (a `#if` in
    /// column 0, the inside of a multi-line string), and a blank line becomes empty. Lines are
    /// joined with the file's line ending, without a final one.
    func reindent(_ range: Range<Int>, from: String, to: String) -> String {
        var out = ""
        var position = lineStart(range.lowerBound)
        var firstLine = true
        while position < range.upperBound {
            let end = min(lineEnd(position), range.upperBound)
            let line = text(position..<end)
            if !firstLine { out += lineEnding }
            if !line.allSatisfy({ $0 == " " || $0 == "\t" }) { out += SourceLayout.reindented(line[...], from: from, to: to) }
            firstLine = false
            let next = afterLineBreak(lineEnd(position))
            if next >= range.upperBound || next == position { break }
            position = next
        }
        return out
    }

    /// `text` (code already cut from the file, perhaps edited) moved to another depth: each
    /// line after the first that starts with `from` starts with `to` instead; the first line,
    /// the others and the line breaks (LF, CRLF or CR) stay as written.
    static func reindent(_ text: String, from: String, to: String) -> String {
        var out = ""
        var rest = Substring(text)
        var firstLine = true
        while true {
            let breakIndex = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            let line = rest[..<(breakIndex ?? rest.endIndex)]
            out += firstLine ? String(line) : reindented(line, from: from, to: to)
            firstLine = false
            guard let breakIndex else { return out }
            out.append(rest[breakIndex])
            rest = rest[rest.index(after: breakIndex)...]
        }
    }

    /// One line moved from the `from` prefix to `to`; a line without the prefix as it is.
    private static func reindented(_ line: Substring, from: String, to: String) -> String {
        line.hasPrefix(from) ? to + line.dropFirst(from.count) : String(line)
    }

    /// The indentation the lines of `content` add over `outer`: the first non-blank line's
    /// extra indentation when it extends `outer`, else the file's unit.
    func indentStep(over outer: String, in content: Range<Int>) -> String {
        var i = content.lowerBound
        while i < content.upperBound {
            let indent = indentation(ofLineAt: i)
            let end = lineEnd(i)
            if lineStart(i) + indent.utf8.count < end {
                if indent.hasPrefix(outer) && indent.count > outer.count { return String(indent.dropFirst(outer.count)) }
                return indentUnit
            }
            i = afterLineBreak(end)
        }
        return indentUnit
    }

    // MARK: - Line length

    /// The width new or joined lines may take: the file's longest line, or 120 columns when
    /// that is shorter (a file that wraps at 100 keeps to 120 at most). Reads the whole
    /// file: a rule asks `RuleContext.wrapWidth(of:)`, found once per round.
    var wrapWidth: Int { max(longestLine, 120) }

    /// The columns of the file's longest line (`SourceLayout.columns`).
    var longestLine: Int {
        var longest = 0, current = 0
        for byte in bytes {
            if byte == 10 || byte == 13 {
                longest = max(longest, current)
                current = 0
            } else {
                current += SourceLayout.columns(of: byte)
            }
        }
        return max(longest, current)
    }

    /// The columns of the line holding `offset` once `inserted` columns are added to it.
    func lineWidth(at offset: Int, adding inserted: Int) -> Int {
        bytes[lineStart(offset)..<lineEnd(offset)].reduce(0) { $0 + SourceLayout.columns(of: $1) } + inserted
    }

    /// The columns a tab stands for when lines are measured: an editor's usual tab stop.
    static let tabColumns = 4

    /// The columns one byte of UTF-8 adds to a line: a character (Unicode scalar) is one
    /// column, counted at its first byte, and a tab `tabColumns`.
    static func columns(of byte: UInt8) -> Int {
        byte == 9 ? tabColumns : (byte & 0xC0 != 0x80 ? 1 : 0)
    }

    /// The columns of `text`'s widest line.
    static func widestLine(of text: some StringProtocol) -> Int {
        var widest = 0, current = 0
        for byte in text.utf8 {
            if byte == 10 || byte == 13 {
                widest = max(widest, current)
                current = 0
            } else {
                current += columns(of: byte)
            }
        }
        return max(widest, current)
    }

    // MARK: - Inserting members

    /// Where a new member goes so that it sits right before `anchor` (above the comments
    /// `anchor` owns) at its indentation; nil when other code shares `anchor`'s first line.
    func memberInsertion(before anchor: Node) -> MemberInsertion? {
        guard let first = anchor.firstToken else { return nil }
        let offset = ownedCommentStart(first) ?? first.textRange.lowerBound
        guard isFirstOnLine(offset) else { return nil }
        return MemberInsertion(offset: lineStart(offset), indentation: indentation(ofLineAt: offset),
                               lineEnding: lineEnding, unit: indentUnit, blankBefore: !followsBlankOrOpening(lineStart(offset)))
    }

    /// Where a new member goes right after `member` (its same-line comment included), at its
    /// indentation, after a blank line; nil when other code shares `member`'s last line.
    func memberInsertion(after member: Node) -> MemberInsertion? {
        let end = member.trimmedRange.upperBound
        guard isLastOnLine(end), let first = member.firstToken else { return nil }
        let offset = afterLineBreak(lineEnd(end))
        guard offset > end, offset <= bytes.count else { return nil }
        return MemberInsertion(offset: offset, indentation: indentation(ofLineAt: first.textRange.lowerBound), lineEnding: lineEnding,
                               unit: indentUnit, blankBefore: true, blankAfter: !startsBlankOrClosing(offset))
    }

    /// Whether the line before the one starting at `lineStart` is blank or opens a block.
    private func followsBlankOrOpening(_ lineStart: Int) -> Bool {
        guard lineStart > 0 else { return true }
        let breakStart = lineStart >= 2 && bytes[lineStart - 2] == 13 && bytes[lineStart - 1] == 10 ? lineStart - 2 : lineStart - 1
        let previous = text(self.lineStart(breakStart)..<breakStart).trimmingSuffixSpaces()
        return previous.allSatisfy({ $0 == " " || $0 == "\t" }) || previous.hasSuffix("{")
    }

    /// Whether the line starting at `offset` is blank or closes a block.
    private func startsBlankOrClosing(_ offset: Int) -> Bool {
        guard offset < bytes.count else { return true }
        let byte = firstNonBlankByte(from: offset)
        return byte == nil || byte == UInt8(ascii: "}")
    }
}

/// A place for a new declaration: the start of a line, with the indentation it takes.
struct MemberInsertion {
    let offset: Int
    /// The indentation of the declaration's first line.
    let indentation: String
    let lineEnding: String
    /// The file's indentation unit, for the declaration's inner lines.
    let unit: String
    /// Whether a blank line goes before the declaration (the line above is code) and after
    /// it (the line below is code): one blank line around it, never two.
    var blankBefore = false
    var blankAfter = true

    /// Inserts `declaration` (its first line unindented, its other lines already at their
    /// depth) with one blank line around it.
    func edit(_ declaration: String) -> Edit {
        .insert((blankBefore ? lineEnding : "") + indentation + declaration + lineEnding + (blankAfter ? lineEnding : ""), at: offset)
    }
}

/// The member of `type` a new member should precede: `preferred` when given, else the
/// first member after the last stored property (so new members sit between the stored
/// properties and `body`), else the first member.
func memberAnchor(in type: TypeDecl, preferring preferred: Node? = nil) -> Node? {
    if let preferred { return preferred }
    let members = type.members
    if let lastStored = lastStoredProperty(in: members), lastStored + 1 < members.count { return members[lastStored + 1] }
    return members.first
}

/// The position in `members` of the last stored instance property (`let`, `var` with a
/// value or observers, a property wrapper's), nil when there is none.
func lastStoredProperty(in members: [Node]) -> Int? {
    members.lastIndex { member in
        guard let variable = VariableDecl(member), !variable.isStatic else { return false }
        return variable.bindings.allSatisfy { !$0.isComputed }
    }
}

extension SourceLayout {
    /// Where a new member of `type` goes when it would rather sit before `preferred`: there,
    /// unless stored properties follow `preferred` (a new member never splits them, nor a run
    /// of property wrappers); then after the last of them.
    func memberPlace(in type: TypeDecl, near preferred: Node) -> MemberInsertion? {
        let members = type.members
        guard let lastStored = lastStoredProperty(in: members),
              let position = members.firstIndex(of: preferred), position <= lastStored else {
            return memberInsertion(before: preferred)
        }
        if lastStored + 1 < members.count { return memberInsertion(before: members[lastStored + 1]) }
        return memberInsertion(after: members[lastStored])
    }
}

extension String {
    /// The text without any `byte` (an ASCII byte): a filter of its UTF-8, not Foundation's
    /// `replacingOccurrences`, which went through `NSString` and looked up its types at run
    /// time (75 K instructions a call).
    func removingASCII(_ byte: UInt8) -> String {
        guard utf8.contains(byte) else { return self }
        return String(decoding: utf8.filter { $0 != byte }, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without trailing spaces and tabs.
    func trimmingSuffixSpaces() -> SubSequence {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
        return self[..<end]
    }
}

private struct WrapWidthKey: TreeMemoKey {
    typealias Value = Int
}

extension RuleContext {
    /// `SourceLayout.wrapWidth` of `tree`, found once per round for all rules.
    func wrapWidth(of tree: SyntaxTree) -> Int {
        memo.value(WrapWidthKey(), in: tree) { SourceLayout(tree.bytes).wrapWidth }
    }
}
