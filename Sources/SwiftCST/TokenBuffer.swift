// The token storage the lexer writes: one growable buffer without Array's per-append
// uniqueness check, turned into a `[RawToken]` of exactly its count by one copy.

/// A growable buffer of tokens owned by one lexer or parser run; `release()` frees it.
/// Not copyable in spirit: copies share the storage, so only its owner uses it.
struct TokenBuffer {
    private(set) var base: UnsafeMutablePointer<RawToken>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    init(_ tokens: [RawToken]) {
        self.init(capacity: tokens.count)
        tokens.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
        count = tokens.count
    }

    @inline(__always) var isEmpty: Bool { count == 0 }
    @inline(__always) var last: RawToken? { count == 0 ? nil : base[count - 1] }

    @inline(__always) subscript(index: Int) -> RawToken {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ token: RawToken) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: token)
        count += 1
    }

    /// Makes room for at least `minimum` tokens in all, keeping the contents.
    @inline(never) mutating func grow(to minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<RawToken>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The tokens as an array of exactly their count.
    func array() -> [RawToken] {
        [RawToken](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { buffer.baseAddress!.initialize(from: base, count: count) }
            initialized = count
        }
    }

    func release() { base.deallocate() }
}

