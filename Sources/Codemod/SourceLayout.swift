// How a file is laid out — line ending, indentation unit, line boundaries — so that
// code a rule inserts or moves matches the file it lands in.
import Foundation
import SwiftCST

/// Line and indentation facts about one file's bytes.
public struct SourceLayout: Sendable {
    public let bytes: [UInt8]
    /// `"\r\n"` when the file's first line break is CRLF, else `"\n"`.
    public let lineEnding: String
    /// One level of indentation: a tab, or the most common step between space
    /// indentations (2, 3, 4 or 8; 4 when the file gives no evidence). Read from the
    /// whole file on first use only: just rules that write new lines need it.
    public var indentUnit: String { indentCache.unit(of: bytes) }
    private let indentCache = IndentCache()

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var ending = "\n"
        if let newline = bytes.firstIndex(of: 10), newline > 0, bytes[newline - 1] == 13 { ending = "\r\n" }
        lineEnding = ending
    }

    /// Holds the indentation unit once computed. A layout serves one rule on one file,
    /// on one thread; the lock keeps a shared one correct anyway.
    private final class IndentCache: @unchecked Sendable {
        private var unit: String?
        private let lock = NSLock()

        func unit(of bytes: [UInt8]) -> String {
            lock.lock()
            defer { lock.unlock() }
            if let unit { return unit }
            let found = SourceLayout.detectIndentUnit(bytes)
            unit = found
            return found
        }
    }

    /// The unit the file indents by: a tab when more lines start with one than lines
    /// indent deeper than the line before, else the step of 2, 3, 4 or 8 spaces seen most
    /// often (the smaller on a tie), 4 when none is. Lines are found with `memchr`.
    private static func detectIndentUnit(_ bytes: [UInt8]) -> String {
        var tabLines = 0
        var deeper = 0  // lines indented deeper than the one before: the evidence for spaces
        var stepCounts = [Int](filling: 0, count: 9)  // of the steps 2, 3, 4 and 8
        var previous = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var i = 0
            while i < count {
                var j = i
                if base[j] == 9 { tabLines += 1 }
                while j < count && base[j] == 32 { j += 1 }
                let spaces = j - i
                let blank = j >= count || base[j] == 10 || base[j] == 13
                if !blank && base[j] != 9 {
                    if spaces > previous {
                        deeper += 1
                        let step = spaces - previous
                        if step < stepCounts.count { stepCounts[step] += 1 }
                    }
                    previous = spaces
                }
                guard j < count, let newline = memchr(base + j, 10, count - j) else { break }
                i = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
        if tabLines > deeper { return "\t" }
        var best: Int? = nil
        for step in [2, 3, 4, 8] where stepCounts[step] > 0 && stepCounts[step] > (best.map { stepCounts[$0] } ?? 0) {
            best = step
        }
        return String(repeating: " ", count: best ?? 4)
    }

    /// Offset of the first byte of the line holding `offset`.
    public func lineStart(_ offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > 0 && bytes[i - 1] != 10 && bytes[i - 1] != 13 { i -= 1 }
        return i
    }

    /// Offset of the line break ending the line holding `offset` (or the file's end).
    public func lineEnd(_ offset: Int) -> Int {
        var i = offset
        while i < bytes.count && bytes[i] != 10 && bytes[i] != 13 { i += 1 }
        return i
    }

    /// Offset just past the line break at `offset` (CRLF counts as one).
    public func afterLineBreak(_ offset: Int) -> Int {
        guard offset < bytes.count else { return offset }
        if bytes[offset] == 13 && offset + 1 < bytes.count && bytes[offset + 1] == 10 { return offset + 2 }
        return offset + 1
    }

    /// The spaces and tabs that start the line holding `offset`.
    public func indentation(ofLineAt offset: Int) -> String {
        let start = lineStart(offset)
        var end = start
        while end < bytes.count && (bytes[end] == 32 || bytes[end] == 9) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether only spaces and tabs precede `offset` on its line.
    public func isFirstOnLine(_ offset: Int) -> Bool {
        var i = offset
        while i > 0 {
            let b = bytes[i - 1]
            if b == 10 || b == 13 { return true }
            if b != 32 && b != 9 { return false }
            i -= 1
        }
        return true
    }

    /// Whether only spaces, tabs and a line comment follow `offset` on its line.
    public func isLastOnLine(_ offset: Int) -> Bool {
        var i = offset
        while i < bytes.count {
            let b = bytes[i]
            if b == 10 || b == 13 { return true }
            if b == 47 && i + 1 < bytes.count && bytes[i + 1] == 47 { return true }
            if b != 32 && b != 9 { return false }
            i += 1
        }
        return true
    }

    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The lines of `range` with `prefix` removed from the start of each line that has
    /// it (lines without it are kept as they are). `range` should start at a line start.
    public func removingIndentation(_ prefix: String, in range: Range<Int>) -> String {
        let p = Array(prefix.utf8)
        var out = [UInt8]()
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        var atLineStart = true
        while i < range.upperBound {
            if atLineStart && !p.isEmpty && i + p.count <= range.upperBound && Array(bytes[i..<(i + p.count)]) == p {
                i += p.count
                atLineStart = false
                continue
            }
            let b = bytes[i]
            out.append(b)
            atLineStart = b == 10 || (b == 13 && !(i + 1 < bytes.count && bytes[i + 1] == 10))
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
