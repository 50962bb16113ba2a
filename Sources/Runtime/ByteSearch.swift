// Searching a file's bytes for words: candidates are found with `memchr` on a word's least
// common byte in Swift source, then compared. Rules ask through `containsAny` and
// `forEachOccurrence` (Codemod); the engine's one pass over a file for every rule's words
// is `WordSearch`.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Word searches over a file's bytes. Anchoring on a word's least common byte, not its
/// first, is what the benchmark weighs (`anchors`): searching for a common first byte (`e`
/// of `else`, `.` of `.if`) stopped every few bytes.
public enum ByteSearch {
    /// Whether `bytes[range]` contains any of `words` (byte for byte).
    public static func containsAny(_ bytes: [UInt8], of words: [StaticString], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            guard range.lowerBound >= 0, range.upperBound <= haystack.count else { return false }
            let within = UnsafeBufferPointer(rebasing: haystack[range])
            for word in words {
                let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
                if !searchOccurrences(of: needle, in: within, { _ in false }) { return true }
            }
            return false
        }
    }

    /// Calls `body` with the offset of each occurrence of `word`'s UTF-8 bytes in `bytes`, in
    /// order (overlapping ones too), searched as `containsAny` does.
    public static func forEachOccurrence(of word: String, in bytes: [UInt8], _ body: (Int) -> Void) {
        var word = word
        word.withUTF8 { needle in
            bytes.withUnsafeBufferPointer { haystack in
                _ = searchOccurrences(of: needle, in: haystack) { body($0); return true }
            }
        }
    }

    /// Whether `a` and `b` hold the same bytes, compared with `memcmp`: the arrays' `==`
    /// compares two copies (a file read twice) one element at a time.
    public static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                x.baseAddress == y.baseAddress || x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
    }
}

/// Finds `needle` in `haystack` with `memchr` on its rarest byte in source code and
/// `memcmp`, calling `found` with each match's offset while it returns true; false when
/// `found` stopped the search.
private func searchOccurrences(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                               _ found: (Int) -> Bool) -> Bool {
    let length = needle.count
    guard let base = haystack.baseAddress, let start = needle.baseAddress, length > 0, length <= haystack.count else { return true }
    let count = haystack.count
    let commonness = byteCommonness
    var anchor = 0
    for position in 1..<length where commonness[Int(start[position])] < commonness[Int(start[anchor])] {
        anchor = position
    }
    let anchorByte = Int32(start[anchor])
    // A hit of the anchor at `at` is a match starting at `at - anchor`.
    var offset = anchor
    let last = count - length + anchor
    while offset <= last {
        guard let hit = memchr(base + offset, anchorByte, last - offset + 1) else { break }
        let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        // The first and last bytes first, in place: most hits of a common anchor
        // fail there, without a call.
        let begin = at - anchor
        if base[begin] == start[0], base[begin + length - 1] == start[length - 1],
           memcmp(base + begin, start, length) == 0, !found(begin) { return false }
        offset = at + 1
    }
    return true
}

/// How often each byte appears in Swift source: lower is rarer. Printable ASCII is ranked
/// as counted over SwiftUI apps' sources, rarest first (uppercase letters differ tenfold:
/// `G` is rare, `S` and `C` are common); white space is the most common, other bytes sit
/// in the middle.
let byteCommonness: [UInt8] = {
    var table = [UInt8](repeating: 48, count: 256)
    guard Mechanism.anchors.isOn else { return table }
    let rarestFirst = "^~;%`'*|+Y&Z7QJ983X546<#j!KH$W\\@>q/2_][1GzO?U-FNLBVEMDPR0kAxTI=Cw{}vSbyh,f\"g()m:pu.dclsronaite"
    for (rank, byte) in rarestFirst.utf8.enumerated() { table[Int(byte)] = UInt8(rank) }
    for byte in [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")] { table[Int(byte)] = 255 }
    return table
}()

/// The pairs of adjacent bytes most common in Swift source (counted over this project's own
/// Swift files), each as a little-endian `UInt16`: letters common one by one are also
/// common together in some orders (`in`, `er`, `te`) and rare in others (`ni`, `lt`), so
/// a word is not anchored on these where it has another pair.
let commonBytePairs: Set<UInt16> = {
    guard Mechanism.anchors.isOn else { return [] }
    let pairs = "in er re le te es at nt en on se th et ar nd or de ng st it me he ti tr ri fi co un ed al il an ta ou "
        + "as ne ro rt ex ur di if od io pe ra ec pa li ct ss is ge va am na el to ut ac ns s. ts ch"
    return Set(pairs.split(separator: " ").map { pair in
        let bytes = Array(pair.utf8)
        return UInt16(bytes[0]) | UInt16(bytes[1]) << 8
    })
}()
