// "Did you mean …?": the known word closest to a misspelt one, for configuration keys and
// rule ids as for command-line options.

/// Finds the word a typo was meant to be.
public enum Spelling {
    /// The first of `candidates` at the smallest edit distance from `word`, when that
    /// distance is small enough to be a typo (at most 2, or a quarter of `word`'s length).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(Array(word.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.utf8.count / 4) else { return nil }
        return best.0
    }

    /// Levenshtein distance between two byte strings.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
