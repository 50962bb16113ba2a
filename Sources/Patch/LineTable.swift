// Splits two texts into lines and gives equal lines the same number, so the diff compares
// small integers; lines are compared by hash first and by bytes only when hashes agree.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The lines of two texts, each line a byte range that keeps its LF (so a CRLF line ends in
/// `\r\n`), and for every line a number shared by all byte-identical lines of either text.
///
/// Only LF ends a line; a lone CR is ordinary content, as in git. A final line without LF is
/// a line of its own and differs from the same text with an LF.
struct LineTable {
    var oldLines: [Range<Int>]
    var newLines: [Range<Int>]
    /// `oldNumbers[i] == newNumbers[j]` exactly when old line `i` and new line `j` are equal.
    var oldNumbers: [Int32]
    var newNumbers: [Int32]
    /// How many distinct lines the two texts hold; numbers run from 0 to `distinctCount - 1`.
    var distinctCount: Int

    init(old: [UInt8], new: [UInt8]) {
        oldLines = LineTable.split(old)
        newLines = LineTable.split(new)
        let (oldLines, newLines) = (self.oldLines, self.newLines)
        // Both buffers stay pinned while the table holds slices of them.
        (oldNumbers, newNumbers, distinctCount) = old.withUnsafeBufferPointer { oldBuffer in
            new.withUnsafeBufferPointer { newBuffer in
                var numbering = LineNumbering(expectedLines: oldLines.count + newLines.count)
                let oldNumbers = oldLines.map { numbering.number(of: oldBuffer, $0) }
                let newNumbers = newLines.map { numbering.number(of: newBuffer, $0) }
                return (oldNumbers, newNumbers, numbering.representatives.count)
            }
        }
    }

    /// The byte ranges of the lines of `bytes`, each ending just after its LF, the last one
    /// possibly without.
    static func split(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            lines.reserveCapacity(buffer.count / 32 + 1)
            var start = 0
            while start < buffer.count {
                let remaining = buffer.count - start
                if let found = memchr(base + start, 0x0A, remaining) {
                    let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    lines.append(start..<end)
                    start = end
                } else {
                    lines.append(start..<buffer.count)
                    start = buffer.count
                }
            }
        }
        return lines
    }
}

/// An open-addressing table from line content to line number; it keeps one representative
/// byte slice per number to confirm a hash match byte for byte.
private struct LineNumbering {
    private var slots: [Int32]  // number + 1, or 0 when free
    private var mask: Int
    private(set) var representatives: [UnsafeBufferPointer<UInt8>] = []
    private var hashes: [UInt64] = []

    init(expectedLines: Int) {
        var capacity = 16
        while capacity < expectedLines * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// The number of the line at `range` of `buffer`, assigning the next free one to a line
    /// not seen before. `buffer` must stay valid as long as the table is used.
    mutating func number(of buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32 {
        let line = UnsafeBufferPointer(rebasing: buffer[range])
        let hash = LineNumbering.hash(line)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let candidate = Int(entry - 1)
            if hashes[candidate] == hash && LineNumbering.equal(representatives[candidate], line) {
                return Int32(candidate)
            }
            slot = (slot + 1) & mask
        }
        let number = Int32(representatives.count)
        representatives.append(line)
        hashes.append(hash)
        slots[slot] = number + 1
        return number
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }

    /// A fast 64-bit hash: eight bytes at a time, multiplied and folded.
    private static func hash(_ line: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(line.count)
        guard let base = line.baseAddress else { return finalize(state) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= line.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            state = (state ^ word) &* multiplier
            state ^= state >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < line.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        state = (state ^ tail) &* multiplier
        return finalize(state)
    }

    private static func finalize(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
