// The questions rules ask of a file's raw bytes before they read its tree: whether it holds
// a word, and where. The search itself is the Runtime module's.
import Runtime

/// Whether `bytes` contains any of `words` (byte for byte), as `Rule.mayFind(in:)` asks.
public func containsAny(_ bytes: [UInt8], of words: [StaticString]) -> Bool {
    ByteSearch.containsAny(bytes, of: words, in: 0..<bytes.count)
}

/// Whether `bytes[range]` contains any of `words`: the same search over one declaration,
/// for a rule that passes over the declarations of a long file that cannot hold a finding.
public func containsAny(_ bytes: [UInt8], of words: [StaticString], in range: Range<Int>) -> Bool {
    ByteSearch.containsAny(bytes, of: words, in: range)
}

/// Calls `body` with the offset of each occurrence of `word`'s UTF-8 bytes in `bytes`, in
/// order (overlapping ones too).
public func forEachOccurrence(of word: String, in bytes: [UInt8], _ body: (Int) -> Void) {
    ByteSearch.forEachOccurrence(of: word, in: bytes, body)
}
