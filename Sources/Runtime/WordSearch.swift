// Which of the rules' words a file contains, in one pass over its bytes. Each rule names
// the words a file must contain before it can find anything there (`Rule.neededWords`);
// searched word by word, each search read the whole file again (about 45 words, 34 reads
// of a file on average), and stopping at every common anchor byte cost more than the
// reading.

/// A fixed list of words and the set of them a file's bytes contain, found in one pass.
///
/// Each word is anchored on its least common pair of adjacent bytes (by its bytes'
/// commonness, a pair common as a pair counting as more common than any other). Every pair of
/// adjacent bytes of the file is looked up in a table of the anchor pairs (a byte per
/// pair: the pairs source code holds are few, and their bytes stay in the cache); only
/// where an anchor stands are the words anchored there compared.
/// The result is exact: a word is found when its bytes occur anywhere, as `containsAny`
/// finds it.
public struct WordSearch: Sendable {
    /// The words, each once, in the order first given.
    public let words: [[UInt8]]
    /// The words' bytes one after another.
    private let text: [UInt8]
    /// 1 at each pair (its two bytes as a little-endian `UInt16`) some word is anchored
    /// on, else 0.
    private let anchorFlags: [UInt8]
    /// The words anchored on each pair: entries `groupStarts[g]..<groupStarts[g + 1]` of
    /// `anchored` for the pair's group `g = groupOfPair[pair]`. An entry is four numbers:
    /// the word, its anchor's offset in it, and the start and length of its bytes in `text`.
    private let groupOfPair: [UInt16]
    private let groupStarts: [Int32]
    private let anchored: [Int32]
    /// The words shorter than two bytes: searched on their own (the empty word is in
    /// every file).
    private let shortWords: [Int]

    public init(words given: [[UInt8]]) {
        var words: [[UInt8]] = []
        for word in given where !words.contains(word) { words.append(word) }
        self.words = words
        text = words.flatMap { $0 }
        let starts = words.reduce(into: [0]) { starts, word in starts.append(starts.last! + word.count) }
        var groups: [Int: [(word: Int, offset: Int)]] = [:]  // pair → words anchored there
        var shortWords: [Int] = []
        for (index, word) in words.enumerated() {
            guard word.count >= 2 else { shortWords.append(index); continue }
            // The pair whose bytes are least common in source code, passing over the pairs
            // common as pairs (`in` of `init`: every closure writes it), the first on a tie.
            func commonness(_ at: Int) -> Int {
                let pair = UInt16(word[at]) | UInt16(word[at + 1]) << 8
                return Int(byteCommonness[Int(word[at])]) + Int(byteCommonness[Int(word[at + 1])])
                    + (commonBytePairs.contains(pair) ? 256 : 0)
            }
            let offset = (0..<(word.count - 1)).min { a, b in (commonness(a), a) < (commonness(b), b) }!
            groups[Int(word[offset]) | Int(word[offset + 1]) << 8, default: []].append((index, offset))
        }
        var anchorFlags = [UInt8](repeating: 0, count: 65536)
        var groupOfPair = [UInt16](repeating: 0, count: 65536)
        var groupStarts: [Int32] = [0, 0]  // group 0: no word
        var anchored: [Int32] = []
        for pair in groups.keys.sorted() {
            anchorFlags[pair] = 1
            groupOfPair[pair] = UInt16(groupStarts.count - 1)
            for (word, offset) in groups[pair]! {
                anchored += [Int32(word), Int32(offset), Int32(starts[word]), Int32(words[word].count)]
            }
            groupStarts.append(Int32(anchored.count / 4))
        }
        self.anchorFlags = anchorFlags
        self.groupOfPair = groupOfPair
        self.groupStarts = groupStarts
        self.anchored = anchored
        self.shortWords = shortWords
    }

    /// The position of `word` in `words`, when it is one of them.
    public func index(of word: [UInt8]) -> Int? { words.firstIndex(of: word) }

    /// The words `bytes` contains.
    public func search(_ bytes: [UInt8]) -> WordSet {
        var found = WordSet(count: words.count)
        var left = words.count
        for index in shortWords where words[index].first.map(bytes.contains) ?? true {
            found.insert(index)
            left -= 1
        }
        guard left > 0, bytes.count >= 2 else { return found }
        bytes.withUnsafeBufferPointer { file in
            anchorFlags.withUnsafeBufferPointer { flags in
                // The loop keeps to the table of anchors, four pairs at a time; an anchor's
                // words are compared out of it.
                let flags = flags.baseAddress!
                let first = UnsafeRawPointer(file.baseAddress!)
                func flag(_ position: Int) -> UInt8 {
                    flags[Int(first.loadUnaligned(fromByteOffset: position, as: UInt16.self).littleEndian)]
                }
                let count = file.count
                var position = 0
                while position + 5 <= count {
                    if flag(position) | flag(position + 1) | flag(position + 2) | flag(position + 3) != 0 {
                        for at in position..<(position + 4) where flag(at) != 0 {
                            compare(at: at, in: file, found: &found, left: &left)
                            if left == 0 { return }
                        }
                    }
                    position += 4
                }
                while position + 1 < count {
                    if flag(position) != 0 {
                        compare(at: position, in: file, found: &found, left: &left)
                        if left == 0 { return }
                    }
                    position += 1
                }
            }
        }
        return found
    }

    /// Adds to `found` the words anchored on the pair at `position` of `file` that `file`
    /// holds there.
    @inline(never)
    private func compare(at position: Int, in file: UnsafeBufferPointer<UInt8>, found: inout WordSet, left: inout Int) {
        let group = Int(groupOfPair[Int(file[position]) | Int(file[position + 1]) << 8])
        anchored.withUnsafeBufferPointer { anchored in
            text.withUnsafeBufferPointer { text in
                for entry in Int(groupStarts[group])..<Int(groupStarts[group + 1]) {
                    let word = Int(anchored[4 * entry])
                    guard !found.contains(word) else { continue }
                    let start = position - Int(anchored[4 * entry + 1])
                    let wordStart = Int(anchored[4 * entry + 2]), length = Int(anchored[4 * entry + 3])
                    guard start >= 0, start + length <= file.count else { continue }
                    var at = 0
                    while at < length, file[start + at] == text[wordStart + at] { at += 1 }
                    guard at == length else { continue }
                    found.insert(word)
                    left -= 1
                }
            }
        }
    }
}

/// A set of positions in a `WordSearch`'s words.
public struct WordSet: Sendable, Equatable {
    private var bits: [UInt64]

    /// (Made from `repeatElement`, as `Array(filling:count:)` of SwiftCST makes small tables.)
    public init(count: Int) { bits = Array(repeatElement(0, count: (count + 63) / 64)) }

    public func contains(_ index: Int) -> Bool { bits[index >> 6] & (1 << UInt64(index & 63)) != 0 }

    public mutating func insert(_ index: Int) { bits[index >> 6] |= 1 << UInt64(index & 63) }
}
