// A whole index as bytes, kept between runs: the fold of a module's other files, which a
// run on one of them would otherwise rebuild from every file's cached facts.
//
// Layout, in LEB128 numbers: every distinct string of the facts and paths once (length and
// UTF-8), which the rest names by number; then three sections, each after its length in
// bytes, so that they can be read at once on several threads:
// 1. property types: per type, its name and entries;
// 2. conformances, property wrappers, typealiases; the declared types and their simple
//    names, the class and self-identified types; the file count and indexed paths;
// 3. the files that write names (units), then each name in sorted order with its text, the
//    count of its uses, and each use in 13 fixed bytes (unit, plain and member writes,
//    flags).
// Tables are written in the order they are stored: the bytes of equal indexes may differ.

extension ProjectIndex {
    /// This index as bytes from which `init(snapshot:)` rebuilds one that answers every
    /// query alike: its facts, file count, paths, and its names file by file.
    public func snapshotBytes() -> [UInt8] {
        // Each file that writes names gets a unit; each name its uses, units renumbered.
        var units: [String] = []
        var unitByPath: [String: Int32] = [:]
        func unit(_ path: String) -> Int32 {
            if let known = unitByPath[path] { return known }
            units.append(path)
            unitByPath[path] = Int32(units.count - 1)
            return Int32(units.count - 1)
        }
        var named: [(name: String, uses: [NameUse])] = []
        if names.local.isEmpty, names.own == nil, let shared = names.shared {
            // A fold's table: its uses as the run's table numbers them, renumbered once.
            shared.forEachName(in: names.units) { name, uses in named.append((name, uses)) }
            var renumbered = [Int32](repeating: -1, count: shared.unitCount)
            for entry in named.indices {
                for position in named[entry].uses.indices {
                    let old = Int(named[entry].uses[position].file)
                    if renumbered[old] < 0 { renumbered[old] = unit(shared.path(ofUnit: Int32(old))) }
                    named[entry].uses[position].file = renumbered[old]
                }
            }
        } else {
            var usesByName: [String: [NameUse]] = [:]
            names.forEachUse { name, path, use in
                var use = use
                use.file = unit(path)
                usesByName[name, default: []].append(use)
            }
            named = usesByName.map { ($0.key, $0.value) }
        }
        var writer = SnapshotWriter()
        writer.write(propertyTypes)
        writer.endSection()
        writer.write(conformances)
        writer.write(propertyWrappers)
        writer.write(typealiases)
        for set in [declaredTypes, declaredSimpleNames, classTypes, selfIdentifiedTypes, freshlyIdentifiedTypes, genericTypes] { writer.write(set) }
        writer.section.write(fileCount)
        writer.write(indexedPaths)
        writer.endSection()
        writer.section.write(units.count)
        for path in units { writer.write(path) }
        writer.section.write(named.count)
        for (name, uses) in named { writer.write(name: name, uses: uses) }
        writer.endSection()
        return writer.bytes()
    }

    /// The index `snapshotBytes()` wrote these bytes from; nil when they are cut short, do
    /// not end where such bytes end, or number a string or unit they do not have. The
    /// bytes must be ones this build wrote (the caller's checksum proves them unchanged):
    /// their strings are not checked to be UTF-8.
    public init?(snapshot bytes: ArraySlice<UInt8>) {
        self.init(snapshot: bytes) { count, body in for part in 0..<count { body(part) } }
    }

    /// `init(snapshot:)`, its sections read by `concurrently(count, body)`, which must call
    /// `body` once with each of `0..<count`, in any order and on any threads, and return
    /// when all have returned.
    public init?(snapshot bytes: ArraySlice<UInt8>, concurrently: (Int, @escaping @Sendable (Int) -> Void) -> Void) {
        guard let index = bytes.withUnsafeBufferPointer({ buffer -> ProjectIndex? in
            var reader = SnapshotReader(bytes: buffer)
            let stringCount = reader.entries()
            reader.strings.reserveCapacity(stringCount)
            for _ in 0..<stringCount where !reader.failed { reader.strings.append(reader.text()) }
            var sections: [SnapshotReader] = []
            for _ in 0..<3 where !reader.failed {
                let length = reader.entries()
                guard !reader.failed else { break }
                var section = SnapshotReader(bytes: UnsafeBufferPointer(rebasing: buffer[reader.offset..<(reader.offset + length)]))
                section.strings = reader.strings
                sections.append(section)
                reader.offset += length
            }
            guard !reader.failed, sections.count == 3, reader.offset == buffer.count else { return nil }
            let parts = SnapshotParts(sections)
            concurrently(3) { number in parts.read(number) }
            return parts.index()
        }) else { return nil }
        self = index
    }

    /// Adds one more file's facts, as a fold that ends with that file would, unless the
    /// file gives a property or typealias another text than this index has (then which
    /// text wins depends on file order, which this index no longer knows): false then,
    /// and this index is left part merged, to be thrown away.
    public mutating func absorbIfConsistent(_ facts: FileFacts) -> Bool {
        let file: ProjectIndex
        switch facts {
        case .built(let built): file = built
        case .encoded(let bytes, let path):
            guard let decoded = ProjectIndex(encodedFacts: bytes, path: path) else { return false }
            file = decoded
        }
        var consistent = true
        let count = fileCount + file.fileCount
        addTypeFacts(of: file) { _ in
            consistent = false
            return nil
        }
        guard consistent else { return false }
        names.add(file.names)
        fileCount = count
        return true
    }
}

extension SharedNames {
    /// A table read back from a snapshot: `names` distinct, the uses of name `n` are
    /// `uses[starts[n]..<starts[n + 1]]`, each `NameUse.file` a position in `unitPaths`.
    convenience init(names: [String], starts: [Int32], uses: [NameUse], unitPaths: [String]) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(names.count)
        for (number, name) in names.enumerated() { ids[name] = Int32(number) }
        self.init(ids: ids, names: names, starts: starts, uses: uses, unitPaths: unitPaths)
    }
}

// MARK: - Writing

/// Writes a snapshot: strings numbered as the sections first name them, the table of
/// them first in the bytes.
private struct SnapshotWriter {
    var strings = SnapshotStrings()
    var sections: [UInt8] = []
    var section = FactWriter()

    mutating func write(_ text: String) { section.write(strings.number(text)) }

    mutating func write(_ set: Set<String>) {
        section.write(set.count)
        for text in set { write(text) }
    }

    mutating func write(_ map: [String: String]) {
        section.write(map.count)
        for (key, value) in map { write(key); write(value) }
    }

    mutating func write(_ table: [String: [String: String]]) {
        section.write(table.count)
        for (type, map) in table { write(type); write(map) }
    }

    mutating func write(_ table: [String: Set<String>]) {
        section.write(table.count)
        for (type, names) in table { write(type); write(names) }
    }

    /// A name's text, the count of its uses and each use in 13 bytes.
    mutating func write(name: String, uses: [NameUse]) {
        section.write(name)
        section.write(uses.count)
        let start = section.out.count
        section.out.append(contentsOf: repeatElement(0, count: uses.count * 13))
        section.out.withUnsafeMutableBytes { buffer in
            var offset = start
            for use in uses {
                buffer.storeBytes(of: UInt32(bitPattern: use.file).littleEndian, toByteOffset: offset, as: UInt32.self)
                buffer.storeBytes(of: use.plainWrites.littleEndian, toByteOffset: offset + 4, as: UInt32.self)
                buffer.storeBytes(of: use.memberWrites.littleEndian, toByteOffset: offset + 8, as: UInt32.self)
                buffer[offset + 12] = use.flags.rawValue
                offset += 13
            }
        }
    }

    mutating func endSection() {
        var length = FactWriter()
        length.write(section.out.count)
        sections += length.out
        sections += section.out
        section = FactWriter()
    }

    func bytes() -> [UInt8] {
        var table = FactWriter()
        table.write(strings.texts.count)
        for text in strings.texts { table.write(text) }
        return table.out + sections
    }
}

/// The distinct strings a snapshot names, numbered as first seen.
private struct SnapshotStrings {
    private(set) var texts: [String] = []
    private var interner = ByteInterner()

    mutating func number(_ original: String) -> Int {
        if let known = original.utf8.withContiguousStorageIfAvailable({ number(original, utf8: $0) }) { return known }
        var text = original
        return text.withUTF8 { number(original, utf8: $0) }
    }

    private mutating func number(_ original: String, utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let (number, isNew) = interner.number(of: utf8, hash: FileNames.hash(utf8))
        if isNew { texts.append(original) }
        return Int(number)
    }
}

// MARK: - Reading

/// Reads what `snapshotBytes()` writes; every read is bounds checked, and any number out
/// of range makes the whole read fail.
private struct SnapshotReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var failed = false
    var strings: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func count() -> Int {
        guard let value = readLEB128(bytes, at: &offset), value <= UInt64(Int.max) else {
            failed = true
            return 0
        }
        return Int(value)
    }

    /// A count of entries of at least one byte each: no more than the bytes left.
    mutating func entries() -> Int {
        let value = count()
        guard value <= bytes.count - offset else { failed = true; return 0 }
        return value
    }

    mutating func text() -> String {
        let length = entries()
        defer { offset += length }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
    }

    mutating func string() -> String {
        let number = count()
        guard number < strings.count else { failed = true; return "" }
        return strings[number]
    }

    mutating func word() -> UInt32 {
        guard offset + 4 <= bytes.count else { failed = true; return 0 }
        defer { offset += 4 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    mutating func set() -> Set<String> {
        let count = entries()
        var set = Set<String>(minimumCapacity: count)
        for _ in 0..<count where !failed { set.insert(string()) }
        return set
    }

    mutating func map() -> [String: String] {
        let count = entries()
        var map = [String: String](minimumCapacity: count)
        for _ in 0..<count where !failed {
            let key = string()
            map[key] = string()
        }
        return map
    }

    /// Section 1: the property types.
    mutating func propertyTypes() -> [String: [String: String]] {
        let types = entries()
        var table = [String: [String: String]](minimumCapacity: types)
        for _ in 0..<types where !failed {
            let type = string()
            table[type] = map()
        }
        return table
    }

    /// Section 2: the other type facts, the file count and the paths, into `index`.
    mutating func typeFacts(into index: inout ProjectIndex) {
        let conformances = entries()
        index.conformances.reserveCapacity(conformances)
        for _ in 0..<conformances where !failed {
            let type = string()
            index.conformances[type] = set()
        }
        index.propertyWrappers = propertyTypes()
        index.typealiases = map()
        index.declaredTypes = set()
        index.declaredSimpleNames = set()
        index.classTypes = set()
        index.selfIdentifiedTypes = set()
        index.freshlyIdentifiedTypes = set()
        index.genericTypes = set()
        index.fileCount = count()
        index.indexedPaths = set()
    }

    /// Section 3: the names.
    mutating func names() -> NameTable {
        let unitCount = entries()
        var unitPaths: [String] = []
        unitPaths.reserveCapacity(unitCount)
        for _ in 0..<unitCount where !failed { unitPaths.append(string()) }
        let nameCount = entries()
        var names: [String] = []
        names.reserveCapacity(nameCount)
        var starts: [Int32] = [0]
        starts.reserveCapacity(nameCount + 1)
        var uses: [NameUse] = []
        // Each use takes 13 bytes: what is left bounds them.
        uses.reserveCapacity((bytes.count - offset) / 13)
        for _ in 0..<nameCount where !failed {
            names.append(text())
            let count = entries()
            for _ in 0..<count where !failed {
                let unit = Int32(bitPattern: word())
                let plain = word(), member = word()
                guard unit >= 0, unit < unitCount, offset < bytes.count else { failed = true; break }
                let flags = NameUse.Flags(rawValue: bytes[offset])
                offset += 1
                uses.append(NameUse(file: unit, flags: flags, plainWrites: plain, memberWrites: member))
            }
            starts.append(Int32(uses.count))
        }
        var all = UnitSet()
        for unit in 0..<unitCount { all.insert(Int32(unit)) }
        return NameTable(shared: SharedNames(names: names, starts: starts, uses: uses, unitPaths: unitPaths), units: all)
    }

    var isDone: Bool { !failed && offset == bytes.count }
}

/// The three sections of a snapshot as threads read them, each into its own fields (nil
/// until read, and when the section is not well formed).
private final class SnapshotParts: @unchecked Sendable {
    private let readers: [SnapshotReader]
    private var propertyTypes: [String: [String: String]]?
    private var facts: ProjectIndex?
    private var names: NameTable?

    init(_ readers: [SnapshotReader]) {
        self.readers = readers
    }

    /// Reads section `number` + 1; each number once, any two at once.
    func read(_ number: Int) {
        var reader = readers[number]
        switch number {
        case 0:
            let table = reader.propertyTypes()
            if reader.isDone { propertyTypes = table }
        case 1:
            var index = ProjectIndex()
            reader.typeFacts(into: &index)
            if reader.isDone { facts = index }
        default:
            let table = reader.names()
            if reader.isDone { names = table }
        }
    }

    func index() -> ProjectIndex? {
        guard var index = facts, let propertyTypes, let names else { return nil }
        index.propertyTypes = propertyTypes
        index.names = names
        return index
    }
}
