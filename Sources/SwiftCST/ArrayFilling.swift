// Arrays of one repeated value, made by code specialized for their element type.

extension Array {
    /// `count` copies of `value`: the array `init(repeating:count:)` makes. The standard
    /// library allocates that one (and `init(unsafeUninitializedCapacity:initializingWith:)`)
    /// in a function it does not specialize, which looks the storage type up at run time on
    /// every call, about 800 instructions: more than a small table made once per file or
    /// per call costs in all. Made from `repeatElement`, the array is allocated by code
    /// specialized here, whose storage type is looked up once. For arrays of scalars; an
    /// element that is itself an array is copied more slowly this way than it is looked up.
    @inlinable
    public init(filling value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
