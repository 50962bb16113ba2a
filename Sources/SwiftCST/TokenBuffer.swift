// The token and node storage of the lexer and the parser: a growable buffer without
// Array's per-append uniqueness check, and the parser's array with room for split tokens.

/// The lexer's tokens while they are made.
typealias TokenBuffer = GrowableBuffer<RawToken>

/// A growable buffer owned by one lexer or parser run (its tokens, or the parser's
/// nodes); `release()` frees it. Not copyable in spirit: copies share the storage, so
/// only its owner uses it, and it is never read after `release()`. It may start in
/// storage lent to it (an array's, being initialized), which it never frees: growing
/// past that moves the elements to storage of its own.
struct GrowableBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int
    /// Whether `base` was allocated here (else it is lent).
    private(set) var ownsStorage = true

    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    init(_ elements: [Element]) {
        self.init(capacity: elements.count)
        elements.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
        count = elements.count
    }

    /// An empty buffer in `storage`, which stays its lender's to free.
    init(lent storage: UnsafeMutableBufferPointer<Element>) {
        base = storage.baseAddress!
        capacity = storage.count
        ownsStorage = false
    }

    @inline(__always) var isEmpty: Bool { count == 0 }
    @inline(__always) var last: Element? { count == 0 ? nil : base[count - 1] }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for at least `minimum` elements in all, keeping the contents.
    @inline(never) mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2, 4)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsStorage = true
    }

    /// The elements as an array of exactly their count, copied by code specialized for
    /// their type (see `Array(filling:count:)`).
    func array() -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Ends writing into lent storage (`init(lent:)`): the number of elements written there,
    /// for the lender to keep; or, when they outgrew it into storage of their own, 0, with
    /// the elements moved into `moved` and that storage freed.
    mutating func finishLent(movingInto moved: inout [Element]?) -> Int {
        guard ownsStorage else { return count }
        moved = array()
        release()
        return 0
    }

    /// Frees the storage it owns; lent storage keeps its elements for the lender.
    func release() {
        guard ownsStorage else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// Elements written straight into the spare room of an existing array, whose storage is
/// kept: `array.append(contentsOf: LentWriter { room, moved in … })`, after emptying the
/// array with `removeAll(keepingCapacity: true)`. `write` gets the room (all of the array's
/// capacity) and returns how many elements it wrote there; elements that outgrow the room go
/// to storage of their own, left in `moved` (then none is written), for the caller to take
/// from `outcome` instead of the array.
struct LentWriter<Element>: Sequence {
    final class Outcome { var moved: [Element]? }
    let outcome = Outcome()
    let write: (UnsafeMutableBufferPointer<Element>, inout [Element]?) -> Int

    init(_ write: @escaping (UnsafeMutableBufferPointer<Element>, inout [Element]?) -> Int) {
        self.write = write
    }

    func makeIterator() -> IndexingIterator<ArraySlice<Element>> { ArraySlice().makeIterator() }
    var underestimatedCount: Int { 0 }

    /// Called by `Array.append(contentsOf:)` with the array's spare room: the one way to
    /// have an existing array's storage written in place.
    func _copyContents(initializing room: UnsafeMutableBufferPointer<Element>)
        -> (IndexingIterator<ArraySlice<Element>>, UnsafeMutableBufferPointer<Element>.Index) {
        let written = write(room, &outcome.moved)
        return (ArraySlice().makeIterator(), written)
    }
}

/// The parser's tokens: the lexer's array, plus a gap where the tokens the parser splits
/// (`>>` closing two generic argument lists) are written. The parser only moves forward,
/// so the gap follows it: a split moves the tokens passed since the previous split, not
/// the whole tail, and splitting stays linear in the file however many splits it holds.
struct ParserTokens {
    /// `[0, gapStart)`, then `gap` unused slots, then the rest of the tokens.
    private var storage: [RawToken]
    private var gapStart = 0
    private var gap = 0
    /// The number of tokens (the gap not counted).
    private(set) var count: Int

    init(_ tokens: [RawToken]) {
        storage = tokens
        count = tokens.count
    }

    @inline(__always) private func physical(_ index: Int) -> Int {
        assert(UInt(bitPattern: index) < UInt(bitPattern: count), "token index out of range")
        return index &+ (index >= gapStart ? gap : 0)
    }

    @inline(__always) subscript(index: Int) -> RawToken {
        get { storage[physical(index)] }
        set { storage[physical(index)] = newValue }
    }

    /// Replaces token `index` by the two tokens `first` and `rest`.
    mutating func split(_ index: Int, into first: RawToken, _ rest: RawToken) {
        precondition(index >= 0 && index < count, "token index out of range")
        if gap == 0 {
            // A gap sized to the file, so that reopening it is rare: each reopening moves
            // the tail once, and comes after `count / 8` splits at least.
            let size = max(16, count / 8)
            storage.insert(contentsOf: repeatElement(first, count: size), at: index)
            gapStart = index
            gap = size
        } else {
            storage.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                if gapStart < index {
                    // Tokens [gapStart, index) move down across the gap.
                    (base + gapStart).update(from: base + gapStart + gap, count: index - gapStart)
                } else if gapStart > index {
                    // Tokens [index, gapStart) move up across it (the parser never does this).
                    for offset in (0..<(gapStart - index)).reversed() { base[index + gap + offset] = base[index + offset] }
                }
            }
            gapStart = index
        }
        // Token `index` sits at `index + gap`, the gap just below it.
        storage[index + gap - 1] = first
        storage[index + gap] = rest
        gap -= 1
        count += 1
    }

    /// The tokens as an array, without the gap.
    mutating func array() -> [RawToken] {
        if gap > 0 {
            storage.removeSubrange(gapStart..<(gapStart + gap))
            gap = 0
        }
        return storage
    }
}
