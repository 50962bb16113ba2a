// One file's index facts as bytes, so the index pass can keep them in a cache keyed by
// the file's content and skip parsing files that did not change.
//
// Layout: every string and count is a LEB128 length or value; strings are UTF-8. Sets and
// dictionaries are written in sorted order, so equal facts always give equal bytes.

extension ProjectIndex {
    /// The facts (types, conformances, properties, wrappers, aliases, the names written) without the paths
    /// and file count, which belong to whoever reads the bytes back.
    public func encodedFacts() -> [UInt8] {
        var writer = FactWriter()
        writer.writeTypeFacts(of: self)
        // Names: how the file writes each, its uses in several files (if any) added up.
        let totals = names.totals()
        writer.write(totals.count)
        for (name, all) in totals.sorted(by: { $0.name < $1.name }) {
            writer.write(name)
            writer.write(Int(all.flags.rawValue))
            writer.write(Int(all.plainWrites))
            writer.write(Int(all.memberWrites))
        }
        return writer.out
    }

    /// Facts read back from `encodedFacts()`, recorded as the index of the one file at
    /// `path`; nil when the bytes are not exactly such an encoding.
    public init?(encodedFacts bytes: ArraySlice<UInt8>, path: String) {
        var index = ProjectIndex()
        guard index.absorb(encodedFacts: bytes, path: path) else { return nil }
        self = index
    }

    /// Adds the facts of the one file at `path` as `encodedFacts()` wrote them, as
    /// `absorb(_:)` adds a decoded file's index, reading each fact straight into this
    /// index; false, and nothing added, when the bytes are not exactly such an encoding.
    /// `checked`: `isFactEncoding(bytes)` is known to be true already.
    @discardableResult
    public mutating func absorb(encodedFacts bytes: ArraySlice<UInt8>, path: String, checked: Bool = false) -> Bool {
        guard checked || ProjectIndex.isFactEncoding(bytes) else { return false }
        var reader = FactReader(bytes: bytes)
        reader.add(into: &self, path: path)
        fileCount += 1
        indexedPaths.insert(path)
        return true
    }

    /// Adds the facts of checked bytes of the one file at `path` but its names, which go
    /// to `names` under `unit` instead (the fold of a run's module indexes).
    mutating func absorb(encodedFacts bytes: ArraySlice<UInt8>, path: String, unit: Int32,
                         names: inout SharedNamesCollector) {
        var reader = FactReader(bytes: bytes)
        reader.addTypeFacts(into: &self)
        reader.addNameBytes { name, use in
            var use = use
            use.file = unit
            names.add(name, hash: FileNames.hash(name), use)
        }
        fileCount += 1
        indexedPaths.insert(path)
    }

    /// Whether `bytes` are exactly an encoding `encodedFacts()` could write: every length
    /// and count in bounds, every string UTF-8, nothing after the end.
    public static func isFactEncoding(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var checker = FactChecker(bytes: buffer)
            return checker.check() && checker.isAtEnd
        }
    }
}

/// The LEB128 number at `offset` in `bytes`, `offset` moved past it; nil when the bytes
/// end first or it runs past 63 bits.
@inline(__always)
func readLEB128(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt64? {
    // Most numbers are one byte.
    if offset < bytes.count, bytes[offset] < 0x80 {
        offset += 1
        return UInt64(bytes[offset - 1])
    }
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count, shift < 63 {
        let byte = bytes[offset]
        offset += 1
        value |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
    }
    return nil
}

/// Writes the layout `FactReader` reads: LEB128 numbers, strings as their length and
/// UTF-8, sets and tables in sorted order.
struct FactWriter {
    var out: [UInt8] = []

    mutating func write(_ value: Int) {
        var rest = UInt64(value)
        repeat {
            let byte = UInt8(rest & 0x7f)
            rest >>= 7
            out.append(rest == 0 ? byte : byte | 0x80)
        } while rest != 0
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            write(bytes.count)
            out.append(contentsOf: bytes)
        }
    }

    mutating func write(_ set: Set<String>) {
        write(set.count)
        for name in set.sorted() { write(name) }
    }

    mutating func write(_ map: [String: String]) {
        write(map.count)
        for (key, value) in map.sorted(by: { $0.key < $1.key }) { write(key); write(value) }
    }

    /// The facts before the names, as `FactReader.addTypeFacts` reads them.
    mutating func writeTypeFacts(of index: ProjectIndex) {
        write(index.conformances.count)
        for (type, names) in index.conformances.sorted(by: { $0.key < $1.key }) { write(type); write(names) }
        for nested in [index.propertyTypes, index.propertyWrappers] {
            write(nested.count)
            for (type, map) in nested.sorted(by: { $0.key < $1.key }) { write(type); write(map) }
        }
        write(index.typealiases)
        write(index.declaredTypes)
        write(index.classTypes)
        write(index.selfIdentifiedTypes)
        write(index.freshlyIdentifiedTypes)
        write(index.genericTypes)
    }
}

/// Proves bytes are exactly the layout `encodedFacts()` writes: every read checks its
/// bounds, every string is UTF-8, nothing follows the end.
private struct FactChecker {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// A length or count of entries, which cannot exceed what the bytes could hold.
    mutating func number() -> Int? {
        guard let value = value(), value <= UInt64(bytes.count) * 8 + 64 else { return nil }
        return Int(value)
    }

    /// A value up to `limit` (a count of writes, which the bytes do not bound).
    mutating func number(upTo limit: UInt64) -> Bool {
        guard let value = value() else { return false }
        return value <= limit
    }

    private mutating func value() -> UInt64? {
        readLEB128(bytes, at: &offset)
    }

    /// Skips a string, checking its length and that it is UTF-8.
    mutating func string() -> Bool {
        guard let count = number(), count <= bytes.count - offset else { return false }
        let text = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)])
        offset += count
        return text.allSatisfy { $0 < 0x80 } || String(validating: text, as: UTF8.self) != nil
    }

    mutating func strings(_ perEntry: Int) -> Bool {
        guard let count = number() else { return false }
        for _ in 0..<count * perEntry where !string() { return false }
        return true
    }

    mutating func check() -> Bool {
        guard let conformances = number() else { return false }
        for _ in 0..<conformances where !(string() && strings(1)) { return false }
        for _ in 0..<2 {  // property types, property wrappers
            guard let types = number() else { return false }
            for _ in 0..<types where !(string() && strings(2)) { return false }
        }
        guard strings(2), strings(1), strings(1), strings(1), strings(1), strings(1), let names = number() else { return false }
        for _ in 0..<names {
            guard string(), number(upTo: UInt64(UInt8.max)), number(upTo: UInt64(UInt32.max)),
                  number(upTo: UInt64(UInt32.max)) else { return false }
        }
        return true
    }
}

/// Reads the layout `encodedFacts()` writes, from bytes `FactChecker` proved well formed,
/// without checks of its own.
private struct FactReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    // MARK: Reading checked bytes

    private mutating func count() -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    private mutating func text() -> String {
        let length = count()
        defer { offset += length }
        return bytes.withUnsafeBufferPointer { buffer in
            let start = offset - bytes.startIndex
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]), as: UTF8.self)
        }
    }

    mutating func add(into index: inout ProjectIndex, path: String) {
        addTypeFacts(into: &index)
        let file = index.fileID(path)
        addNames { name, use in
            var use = use
            use.file = file
            index.names.append(name, use)
        }
    }

    /// The facts before the names.
    mutating func addTypeFacts(into index: inout ProjectIndex) {
        // An empty index (a file's own) takes each table's size at once.
        let conformances = count()
        if index.conformances.isEmpty { index.conformances.reserveCapacity(conformances) }
        for _ in 0..<conformances {
            let type = text()
            readNames(into: &index.conformances[type, default: []])
        }
        let types = count()
        if index.propertyTypes.isEmpty { index.propertyTypes.reserveCapacity(types) }
        for _ in 0..<types { addEntries(to: &index.propertyTypes) }
        let wrapped = count()
        if index.propertyWrappers.isEmpty { index.propertyWrappers.reserveCapacity(wrapped) }
        for _ in 0..<wrapped { addEntries(to: &index.propertyWrappers) }
        for _ in 0..<count() {
            let name = text()
            index.typealiases[name] = text()
        }
        let declared = count()
        if index.declaredTypes.isEmpty {
            index.declaredTypes.reserveCapacity(declared)
            index.declaredSimpleNames.reserveCapacity(declared)
        }
        for _ in 0..<declared { index.declareType(text()) }
        for _ in 0..<count() { index.classTypes.insert(text()) }
        for _ in 0..<count() { index.selfIdentifiedTypes.insert(text()) }
        for _ in 0..<count() { index.freshlyIdentifiedTypes.insert(text()) }
        for _ in 0..<count() { index.genericTypes.insert(text()) }
    }

    /// The names as their bytes (checked UTF-8), after the facts before them were read.
    mutating func addNameBytes(_ add: (UnsafeBufferPointer<UInt8>, NameUse) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            let uses = count()
            for _ in 0..<uses {
                let length = count()
                let start = offset - bytes.startIndex
                offset += length
                let flags = NameUse.Flags(rawValue: UInt8(count()))
                let plain = UInt32(count())
                let member = UInt32(count())
                add(UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]),
                    NameUse(file: 0, flags: flags, plainWrites: plain, memberWrites: member))
            }
        }
    }

    /// The names, after the facts before them were read.
    mutating func addNames(_ add: (String, NameUse) -> Void) {
        let uses = count()
        for _ in 0..<uses {
            let name = text()
            let flags = NameUse.Flags(rawValue: UInt8(count()))
            let plain = UInt32(count())
            let member = UInt32(count())
            add(name, NameUse(file: 0, flags: flags, plainWrites: plain, memberWrites: member))
        }
    }

    /// One type's entries of a `[type: [name: text]]` table; the later file's text wins.
    private mutating func addEntries(to table: inout [String: [String: String]]) {
        let type = text()
        readEntries(into: &table[type, default: [:]])
    }

    /// Reads the entries in place (one lookup of their table's key, not one per entry).
    private mutating func readEntries(into entries: inout [String: String]) {
        let count = count()
        if entries.isEmpty { entries.reserveCapacity(count) }
        for _ in 0..<count {
            let name = text()
            entries[name] = text()
        }
    }

    private mutating func readNames(into names: inout Set<String>) {
        let count = count()
        if names.isEmpty { names.reserveCapacity(count) }
        for _ in 0..<count { names.insert(text()) }
    }
}
