// Turns the changed lines of two texts into unified-diff hunks that `git apply` and
// `patch -p1` accept, renders them (plain or colored), and applies a chosen subset back.

/// One hunk of a unified diff, in line numbers (1-based) of the old and new text.
///
/// As in `diff -u`, an empty range's start is the line *before* it (0 at the top of the
/// file), so `oldStart` is the line after which the new lines go when `oldCount` is 0.
public struct Hunk: Sendable, Equatable {
    public var oldStart: Int
    public var oldCount: Int
    public var newStart: Int
    public var newCount: Int
    /// The lines end to end, in one buffer: a large diff has hundreds of thousands of lines,
    /// and an array for each cost more to make and free than the diff itself.
    private(set) var text: [UInt8]
    /// Where each line starts in `text`, then where the last one ends.
    private(set) var bounds: [Int]

    public init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, lines: [[UInt8]]) {
        var text: [UInt8] = []
        var bounds = [0]
        bounds.reserveCapacity(lines.count + 1)
        for line in lines {
            text += line
            bounds.append(text.count)
        }
        self.init(oldStart: oldStart, oldCount: oldCount, newStart: newStart, newCount: newCount, text: text, bounds: bounds)
    }

    init(oldStart: Int, oldCount: Int, newStart: Int, newCount: Int, text: [UInt8], bounds: [Int]) {
        self.oldStart = oldStart
        self.oldCount = oldCount
        self.newStart = newStart
        self.newCount = newCount
        self.text = text
        self.bounds = bounds
    }

    /// Lines with their prefix byte (` `, `-`, `+`) and their line ending kept as in the
    /// file; a `\ No newline at end of file` marker is its own line.
    public var lines: [[UInt8]] { (0..<lineCount).map { Array(line($0)) } }

    public var lineCount: Int { bounds.count - 1 }

    /// Line `index` (see `lines`), in place.
    public func line(_ index: Int) -> ArraySlice<UInt8> { text[bounds[index]..<bounds[index + 1]] }
}

public enum UnifiedDiff {
    /// The marker line that follows a line with no line ending, without its own LF.
    public static let noNewlineMarker: [UInt8] = Array("\\ No newline at end of file".utf8)

    /// The hunks that turn `old` into `new`, with `context` lines around each change.
    /// Changes separated by at most `2 * context` unchanged lines share a hunk.
    public static func hunks(old: [UInt8], new: [UInt8], context: Int = 3) -> [Hunk] {
        if old == new { return [] }
        let diff = LineDiff(old: old, new: new)
        // More context than lines is the same as all of them; the cap keeps `2 * context` in range.
        let context = min(max(0, context), old.count + new.count + 1)
        let changes = changeRegions(diff)
        var hunks: [Hunk] = []
        var first = 0
        while first < changes.count {
            var last = first
            while last + 1 < changes.count && changes[last + 1].oldLow - changes[last].oldHigh <= 2 * context {
                last += 1
            }
            hunks.append(makeHunk(changes[first...last], diff: diff, old: old, new: new, context: context))
            first = last + 1
        }
        return hunks
    }

    /// A whole file's diff with `--- a/PATH` / `+++ b/PATH` headers that `git apply`
    /// and `patch -p1` accept; empty when the texts are equal. `label` gives the text
    /// written after each hunk's second `@@` (where `diff -p` puts the function name;
    /// both tools ignore it), or nil for none.
    public static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3,
                              color: Bool = false, label: ((Hunk) -> String?)? = nil) -> [UInt8] {
        let hunks = hunks(old: old, new: new, context: context)
        if hunks.isEmpty { return [] }
        var output = header(path: path, color: color)
        for hunk in hunks { append(hunk, color: color, label: label?(hunk), to: &output) }
        return output
    }

    /// The two header lines `--- a/PATH` and `+++ b/PATH`, bold when `color` is set.
    ///
    /// A name holding a control character, `"` or `\\` is quoted as git quotes it
    /// (`--- "a/tab\\there.swift"`), which `git apply` and GNU `patch` both read back.
    public static func header(path: String, color: Bool) -> [UInt8] {
        var output: [UInt8] = []
        // An absolute path is written as git writes one: `a/tmp/x.swift`, not `a//tmp/…`.
        let shown = Array(path.drop { $0 == "/" }.utf8)
        for prefix in ["a/", "b/"] {
            if color { output += TerminalColor.bold }
            output += Array((prefix == "a/" ? "--- " : "+++ ").utf8)
            output += quotedName(Array(prefix.utf8) + shown)
            if color { output += TerminalColor.reset }
            output.append(0x0A)
        }
        return output
    }

    /// `name` as git writes it in a header: as is, or in double quotes with C escapes
    /// when it holds a space, a byte below it, DEL, `"` or `\\`.
    static func quotedName(_ name: [UInt8]) -> [UInt8] {
        let needsQuotes = name.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsQuotes else { return name }
        var output: [UInt8] = [UInt8(ascii: "\"")]
        for byte in name {
            switch byte {
            case UInt8(ascii: "\""): output += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
            case 0x07: output += Array("\\a".utf8)
            case 0x08: output += Array("\\b".utf8)
            case 0x09: output += Array("\\t".utf8)
            case 0x0A: output += Array("\\n".utf8)
            case 0x0B: output += Array("\\v".utf8)
            case 0x0C: output += Array("\\f".utf8)
            case 0x0D: output += Array("\\r".utf8)
            case _ where byte < 0x20 || byte == 0x7F:
                let octal = String(byte, radix: 8)
                output += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
        return output
    }

    /// One hunk, `@@` line included, as it appears in a rendered diff (for interactive
    /// prompts): cyan `@@`, red `-` and green `+` lines when `color` is set.
    public static func renderHunk(_ hunk: Hunk, color: Bool, label: String? = nil) -> [UInt8] {
        var output: [UInt8] = []
        append(hunk, color: color, label: label, to: &output)
        return output
    }

    /// `hunks` rendered after `header`, each with its label, into one buffer sized for
    /// them first: a large diff is written once, not copied each time its buffer grows.
    public static func render(_ hunks: [Hunk], labels: [String?], header: [UInt8], color: Bool) -> [UInt8] {
        var size = header.count
        for (hunk, label) in zip(hunks, labels) {
            size += 48 + (label?.utf8.count ?? 0)
            size += hunk.text.count + hunk.lineCount * (1 + (color ? 16 : 0))
        }
        var output: [UInt8] = []
        output.reserveCapacity(size)
        output += header
        for (hunk, label) in zip(hunks, labels) { append(hunk, color: color, label: label, to: &output) }
        return output
    }

    /// The `@@ -a,b +c,d @@` line of `hunk`, without color or LF; a count of 1 is omitted
    /// as `diff -u` does.
    public static func rangeLine(_ hunk: Hunk) -> [UInt8] {
        func range(_ start: Int, _ count: Int) -> String {
            count == 1 ? "\(start)" : "\(start),\(count)"
        }
        return Array("@@ -\(range(hunk.oldStart, hunk.oldCount)) +\(range(hunk.newStart, hunk.newCount)) @@".utf8)
    }

    /// Applies only the hunks at `accepted` (indices into `hunks(old:new:context:)`) to
    /// `old`, for interactive selection. The hunks must come from one diff of `old`, in order;
    /// accepting all of them gives the new text, accepting none gives `old` back.
    public static func apply(_ hunks: [Hunk], accepted: Set<Int>, to old: [UInt8]) -> [UInt8] {
        let oldLines = LineTable.split(old)
        var output: [UInt8] = []
        output.reserveCapacity(old.count)
        var nextOldLine = 0
        for (index, hunk) in hunks.enumerated() {
            let hunkStart = min(oldLines.count, max(nextOldLine, hunk.oldCount == 0 ? hunk.oldStart : hunk.oldStart - 1))
            for line in oldLines[nextOldLine..<hunkStart] { output += old[line] }
            nextOldLine = hunkStart
            let hunkEnd = min(oldLines.count, hunkStart + hunk.oldCount)
            if accepted.contains(index) {
                for index in 0..<hunk.lineCount {
                    let line = hunk.line(index)
                    if line.first == UInt8(ascii: " ") || line.first == UInt8(ascii: "+") { output += line.dropFirst() }
                }
            } else {
                for line in oldLines[hunkStart..<hunkEnd] { output += old[line] }
            }
            nextOldLine = hunkEnd
        }
        for line in oldLines[nextOldLine...] { output += old[line] }
        return output
    }

    // MARK: - Building hunks

    /// A run of changed lines: old lines `oldLow..<oldHigh` replaced by new `newLow..<newHigh`.
    private struct ChangeRegion {
        var oldLow: Int, oldHigh: Int, newLow: Int, newHigh: Int
    }

    private static func changeRegions(_ diff: LineDiff) -> [ChangeRegion] {
        let oldCount = diff.oldChanged.count, newCount = diff.newChanged.count
        var regions: [ChangeRegion] = []
        var i = 0, j = 0
        while i < oldCount || j < newCount {
            if i < oldCount && j < newCount && !diff.oldChanged[i] && !diff.newChanged[j] {
                i += 1; j += 1
                continue
            }
            let oldLow = i, newLow = j
            while i < oldCount && diff.oldChanged[i] { i += 1 }
            while j < newCount && diff.newChanged[j] { j += 1 }
            if i == oldLow && j == newLow {
                // Unchanged lines left on one side only: the marks disagree. Treat the rest as
                // changed rather than loop; this keeps the diff correct.
                i = oldCount; j = newCount
            }
            regions.append(ChangeRegion(oldLow: oldLow, oldHigh: i, newLow: newLow, newHigh: j))
        }
        return regions
    }

    private static func makeHunk(_ regions: ArraySlice<ChangeRegion>, diff: LineDiff,
                                 old: [UInt8], new: [UInt8], context: Int) -> Hunk {
        let oldLines = diff.table.oldLines, newLines = diff.table.newLines
        let first = regions.first!, last = regions.last!
        let leading = min(context, first.oldLow, first.newLow)
        let trailing = min(context, oldLines.count - last.oldHigh, newLines.count - last.newHigh)
        let oldFrom = first.oldLow - leading, oldTo = last.oldHigh + trailing
        let newFrom = first.newLow - leading, newTo = last.newHigh + trailing

        var text: [UInt8] = []
        var bounds = [0]
        text.reserveCapacity(hunkSize(regions, oldLines: oldLines, newLines: newLines, from: oldFrom, to: oldTo))
        func emit(_ prefix: Unicode.Scalar, _ source: [UInt8], _ range: Range<Int>) {
            text.append(UInt8(ascii: prefix))
            text += source[range]
            bounds.append(text.count)
            if source[range].last != 0x0A {
                text += noNewlineMarker
                bounds.append(text.count)
            }
        }
        var oldLine = oldFrom
        for region in regions {
            for index in oldLine..<region.oldLow { emit(" ", old, oldLines[index]) }
            for index in region.oldLow..<region.oldHigh { emit("-", old, oldLines[index]) }
            for index in region.newLow..<region.newHigh { emit("+", new, newLines[index]) }
            oldLine = region.oldHigh
        }
        for index in oldLine..<oldTo { emit(" ", old, oldLines[index]) }

        let oldCount = oldTo - oldFrom, newCount = newTo - newFrom
        return Hunk(oldStart: oldCount == 0 ? oldFrom : oldFrom + 1, oldCount: oldCount,
                    newStart: newCount == 0 ? newFrom : newFrom + 1, newCount: newCount,
                    text: text, bounds: bounds)
    }

    /// The bytes of a hunk's lines over old lines `from..<to` and the regions' new lines,
    /// each with its prefix (a missing final line ending's marker not counted).
    private static func hunkSize(_ regions: ArraySlice<ChangeRegion>, oldLines: [Range<Int>], newLines: [Range<Int>],
                                 from: Int, to: Int) -> Int {
        var size = 0
        if from < to { size += oldLines[to - 1].upperBound - oldLines[from].lowerBound + (to - from) }
        for region in regions where region.newLow < region.newHigh {
            size += newLines[region.newHigh - 1].upperBound - newLines[region.newLow].lowerBound + region.newHigh - region.newLow
        }
        return size
    }

    // MARK: - Rendering

    private static func append(_ hunk: Hunk, color: Bool, label: String?, to output: inout [UInt8]) {
        if color { output += TerminalColor.cyan }
        output += rangeLine(hunk)
        if color { output += TerminalColor.reset }
        if let label, !label.isEmpty {
            // One line: a label never carries a line break into the patch.
            output.append(0x20)
            output += label.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        }
        output.append(0x0A)
        for index in 0..<hunk.lineCount {
            let line = hunk.line(index)
            let lineColor: [UInt8]?
            switch line.first {
            case UInt8(ascii: "-"): lineColor = color ? TerminalColor.red : nil
            case UInt8(ascii: "+"): lineColor = color ? TerminalColor.green : nil
            default: lineColor = nil
            }
            guard let lineColor else {
                output += line
                if line.last != 0x0A { output.append(0x0A) }
                continue
            }
            // Reset before the line ending so a CRLF stays together after the escape.
            var bodyEnd = line.endIndex
            if line.last == 0x0A {
                bodyEnd -= 1
                if bodyEnd > line.startIndex && line[bodyEnd - 1] == 0x0D { bodyEnd -= 1 }
            }
            output += lineColor
            output += line[..<bodyEnd]
            output += TerminalColor.reset
            if bodyEnd == line.endIndex { output.append(0x0A) } else { output += line[bodyEnd...] }
        }
    }
}
