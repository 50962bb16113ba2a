// Converts byte offsets to 1-based lines and columns and back. The rest of the package
// speaks byte offsets; only printers and reporters need lines.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Line and column lookups over one source file.
///
/// Line breaks are LF, CRLF (one break) and a lone CR. Lines and columns are 1-based and
/// columns count UTF-8 bytes. A file ending in a line break has an empty last line, so
/// the end-of-file offset always has a location.
public struct SourceLocationConverter: Sendable {
    /// The offset of each line's first byte.
    private let lineStarts: [Int]
    /// The offset just past each line's content, where its line break begins.
    private let lineEnds: [Int]

    public init(_ bytes: [UInt8]) {
        var starts = [0]
        var ends: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Nearly every file breaks lines with LF alone: then each break is found with
            // memchr, and tabs (below 0x0E, as line breaks are) cost nothing.
            if memchr(base, Int32(UInt8(ascii: "\r")), buffer.count) == nil {
                var from = 0
                while from < buffer.count, let hit = memchr(base + from, Int32(UInt8(ascii: "\n")), buffer.count - from) {
                    let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    ends.append(index)
                    starts.append(index + 1)
                    from = index + 1
                }
                return
            }
            var index = 0
            while index < buffer.count {
                // Eight bytes at a time while none is below 0x0E (no `\n`, no `\r`).
                if index + 8 <= buffer.count {
                    let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    ends.append(index)
                    if byte == UInt8(ascii: "\r") && index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "\n") {
                        index += 1
                    }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        ends.append(bytes.count)
        lineStarts = starts
        lineEnds = ends
    }

    /// The number of lines, counting the empty line after a final line break.
    public var lineCount: Int { lineStarts.count }

    /// The 1-based line and byte column of `offset`, clamped to the file.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), lineEnds[lineEnds.count - 1])
        // The last line whose start is at or before the offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        return (low + 1, clamped - lineStarts[low] + 1)
    }

    /// The offset of a 1-based line and byte column, or nil when the line does not exist
    /// or the column lies past the line's content (column `length + 1`, the line break or
    /// the end of the file, is allowed).
    public func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= lineEnds[line - 1] ? offset : nil
    }

    /// The bytes of a 1-based line, without its line break; nil when the line does not exist.
    public func lineRange(_ line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        return lineStarts[line - 1]..<lineEnds[line - 1]
    }
}
