// The names an index's files write, kept so that the many module indexes of one run share
// one table of them instead of each holding (and hashing, and freeing) a copy of its own.
//
// A table has two parts: uses recorded file by file (a builder's file, a decoded cache
// entry, a file merged in by a rule), and uses of the run's files held once in a
// `SharedNames` that every module index of the run points to, each counting only the
// files it sees.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// How the indexed files write each name (a token's text as written): local uses and a
/// view of a shared table.
struct NameTable: Sendable {
    /// Name → how each file recorded here writes it; `NameUse.file` is a position in `files`.
    private(set) var local: [String: NameUseList] = [:]
    /// The files `local` refers to, by position.
    private(set) var files: [String] = []
    /// Path → position in `files`.
    private var fileIDs: [String: Int32] = [:]
    /// The run's table, of which only the files in `units` count.
    private(set) var shared: SharedNames?
    private(set) var units = UnitSet()
    /// The names of the one file `files` holds, as its tokens or its cached facts gave
    /// them, until something is added (then they move to `local`).
    private(set) var own: FileNames?

    init() {}

    /// The files of `units` in `shared`, and no others.
    init(shared: SharedNames, units: UnitSet) {
        self.shared = shared
        self.units = units
    }

    /// Whether no file writes any name.
    var isEmpty: Bool {
        local.isEmpty && (own?.entries.isEmpty ?? true) && !(shared.map { table in table.hasUses(in: units) } ?? false)
    }

    /// Records that the file at `path` writes `names`.
    mutating func set(_ names: FileNames, path: String) {
        if files.isEmpty && local.isEmpty && shared == nil && own == nil {
            _ = fileID(path)
            own = names
            return
        }
        spill()
        let id = fileID(path)
        for entry in names.entries {
            var use = entry.use
            use.file = id
            local[names.name(of: entry), default: .none].append(use)
        }
    }

    /// Moves `own` into `local`, before anything else is added.
    private mutating func spill() {
        guard let names = own else { return }
        own = nil
        for entry in names.entries {
            var use = entry.use
            use.file = 0
            local[names.name(of: entry), default: .none].append(use)
        }
    }

    /// The paths of the files recorded, local and shared.
    var paths: [String] {
        var result = files
        if let shared { result += shared.paths(of: units) }
        return result
    }

    /// The position of `path` among the local files, added when new.
    mutating func fileID(_ path: String) -> Int32 {
        if let known = fileIDs[path] { return known }
        let id = Int32(files.count)
        files.append(path)
        fileIDs[path] = id
        return id
    }

    /// Whether the file at `path` is recorded (with or without names).
    func contains(path: String) -> Bool {
        fileIDs[path] != nil || (shared?.contains(path: path, in: units) ?? false)
    }

    /// Records one use, its `file` a position in `files`.
    mutating func append(_ name: String, _ use: NameUse) {
        spill()
        local[name, default: .none].append(use)
    }

    /// Records how the file at `path` writes each name.
    mutating func set(_ uses: [String: NameUse], path: String) {
        spill()
        let id = fileID(path)
        if local.isEmpty {
            local = uses.mapValues { use in
                var use = use
                use.file = id
                return .one(use)
            }
            return
        }
        for (name, use) in uses {
            var use = use
            use.file = id
            local[name, default: .none].append(use)
        }
    }

    /// Adds the uses of `other`, its files renumbered into this table's.
    mutating func add(_ other: NameTable) {
        if isEmpty && files.isEmpty && shared == nil {
            self = other
            return
        }
        spill()
        if let names = other.own {
            let id = fileID(other.files[0])
            for entry in names.entries {
                var use = entry.use
                use.file = id
                local[names.name(of: entry), default: .none].append(use)
            }
            return
        }
        if let table = other.shared {
            table.forEachUse(in: other.units) { name, path, use in
                var use = use
                use.file = fileID(path)
                append(name, use)
            }
        }
        guard !other.files.isEmpty else { return }
        let ids = other.files.map { fileID($0) }
        for (name, uses) in other.local {
            uses.forEach { use in
                var use = use
                use.file = ids[Int(use.file)]
                local[name, default: .none].append(use)
            }
        }
    }

    // MARK: - Queries

    /// Calls `body` with every use of `name` (as written) and its file's path.
    func forEachUse(of name: String, _ body: (NameUse, String) -> Void) {
        own?.forEachUse(of: name) { body($0, files[0]) }
        local[name]?.forEach { body($0, files[Int($0.file)]) }
        shared?.forEachUse(of: name, in: units, body)
    }

    /// The files that write `name` with any of `flags`.
    func paths(of name: String, withAnyOf flags: NameUse.Flags) -> Set<String> {
        var result = Set<String>()
        forEachUse(of: name) { use, path in
            if !use.flags.isDisjoint(with: flags) { result.insert(path) }
        }
        return result
    }

    /// The writes of `name` (as written) in all files: after a period or not.
    func writes(of name: String, asMember: Bool) -> Int {
        var total = 0
        own?.forEachUse(of: name) { total += Int(asMember ? $0.memberWrites : $0.plainWrites) }
        local[name]?.forEach { total += Int(asMember ? $0.memberWrites : $0.plainWrites) }
        shared?.forEachUse(of: name, in: units) { use, _ in total += Int(asMember ? use.memberWrites : use.plainWrites) }
        return total
    }

    /// Calls `body` with every name, the path of a file that writes it, and how.
    func forEachUse(_ body: (String, String, NameUse) -> Void) {
        if let names = own { for entry in names.entries { body(names.name(of: entry), files[0], entry.use) } }
        for (name, uses) in local { uses.forEach { body(name, files[Int($0.file)], $0) } }
        shared?.forEachUse(in: units, body)
    }

    /// Every name with how all the files together write it.
    func totals() -> [(name: String, use: NameUse)] {
        func add(_ use: NameUse, to sum: inout NameUse) {
            sum.flags.formUnion(use.flags)
            sum.plainWrites += use.plainWrites
            sum.memberWrites += use.memberWrites
        }
        if let names = own {
            // Names whose bytes differ only in invalid UTF-8 decode alike: added up.
            var sums: [(name: String, use: NameUse)] = names.entries.map { (names.name(of: $0), $0.use) }
            sums.sort { $0.name < $1.name }
            var merged: [(name: String, use: NameUse)] = []
            for (name, use) in sums {
                if merged.last?.name == name { add(use, to: &merged[merged.count - 1].use) } else { merged.append((name, use)) }
            }
            return merged
        }
        guard shared != nil else {
            return local.map { name, uses in
                var sum = NameUse()
                uses.forEach { add($0, to: &sum) }
                return (name, sum)
            }
        }
        var sums: [String: NameUse] = [:]
        forEachUse { name, _, use in add(use, to: &sums[name, default: NameUse()]) }
        return sums.map { ($0.key, $0.value) }
    }

    /// Every name with, per file path, how it is written there (uses of one file added up).
    func summed() -> [String: [String: NameUse]] {
        var result: [String: [String: NameUse]] = [:]
        forEachUse { name, path, use in
            var sum = result[name]?[path] ?? NameUse()
            sum.flags.formUnion(use.flags)
            sum.plainWrites += use.plainWrites
            sum.memberWrites += use.memberWrites
            result[name, default: [:]][path] = sum
        }
        return result
    }
}

/// One file's names as its tokens or its cached facts give them: their bytes in one buffer,
/// each with how the file writes it; a name becomes a `String` only when asked for.
struct FileNames: Sendable {
    struct Entry: Sendable {
        var start: Int32
        var count: Int32
        /// `FileNames.hash` of the bytes.
        var hash: UInt32
        /// Whether the bytes are UTF-8 (then they are the `String`'s own).
        var isUTF8: Bool
        var use: NameUse
    }

    private(set) var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []

    /// A hash of a name's bytes, read eight at a time (a byte at a time cost more than the
    /// rest of recording a name). Never stored: an index read back hashes its names again.
    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = name.baseAddress else { return hash(UnsafeRawPointer(bitPattern: 1)!, count: 0) }
        return hash(UnsafeRawPointer(base), count: name.count)
    }

    /// The hash of the `count` bytes at `base`: whole words, then the last bytes as one
    /// more word (overlapping the words before, or put together from their ends when the
    /// name is shorter than a word), the length mixed in first; avalanched at the end, as
    /// the tables take the low bits.
    @inline(__always)
    static func hash(_ base: UnsafeRawPointer, count: Int) -> UInt32 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: count) &* multiplier
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            offset += 8
        }
        if offset < count {
            let last: UInt64
            if count >= 8 {
                last = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                last = UInt64(base.loadUnaligned(as: UInt32.self))
                    | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            } else {
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                last = UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1]) << 16
            }
            hash = (hash ^ last) &* multiplier
        }
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same: names are short, and
    /// a call of `memcmp` for each cost more than the comparison. Reads only those bytes
    /// (the last word overlapping the one before, as the hash reads them).
    @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            guard count <= 16 else { return memcmp(a, b, count) == 0 }
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var index = 0
        while index < count {
            if a.load(fromByteOffset: index, as: UInt8.self) != b.load(fromByteOffset: index, as: UInt8.self) { return false }
            index += 1
        }
        return true
    }

    /// The names at `spans` of `source` (distinct, each with its hash and how the file
    /// writes it), their bytes copied into the buffer in one pass: appended one by one,
    /// each small copy cost more than the name's lookup.
    init(source: UnsafeBufferPointer<UInt8>, spans: [(start: Int32, end: Int32, hash: UInt32, use: NameUse)]) {
        var total = 0
        for span in spans {
            precondition(span.start >= 0 && span.start <= span.end && Int(span.end) <= source.count)
            total += Int(span.end - span.start)
        }
        var bytes = [UInt8](filling: 0, count: total)
        var entries: [Entry] = []
        entries.reserveCapacity(spans.count)
        bytes.withUnsafeMutableBufferPointer { target in
            var offset = 0
            for span in spans {
                let count = Int(span.end - span.start)
                if count > 0, let from = source.baseAddress, let to = target.baseAddress {
                    (to + offset).update(from: from + Int(span.start), count: count)
                }
                entries.append(Entry(start: Int32(offset), count: Int32(count), hash: span.hash, isUTF8: true, use: span.use))
                offset += count
            }
        }
        // Names are nearly always ASCII: the whole buffer is checked once, each name only
        // when it is not.
        if !ByteInterner.isASCII(bytes) {
            bytes.withUnsafeBufferPointer { buffer in
                for index in entries.indices {
                    let name = UnsafeBufferPointer(rebasing: buffer[Int(entries[index].start)..<Int(entries[index].start + entries[index].count)])
                    entries[index].isUTF8 = ByteInterner.isASCII(name) || String(validating: name, as: UTF8.self) != nil
                }
            }
        }
        self.bytes = bytes
        self.entries = entries
    }

    func name(of entry: Entry) -> String {
        withBytes(of: entry) { String(decoding: $0, as: UTF8.self) }
    }

    func withBytes<Result>(of entry: Entry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start + entry.count)]))
        }
    }

    /// The uses of the entries that are `name` (as a `String`).
    func forEachUse(of name: String, _ body: (NameUse) -> Void) {
        var text = name
        text.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { buffer in
                for entry in entries {
                    let own = UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start + entry.count)])
                    if entry.isUTF8 {
                        guard own.count == wanted.count, own.elementsEqual(wanted) else { continue }
                    } else if String(decoding: own, as: UTF8.self) != name {
                        continue
                    }
                    body(entry.use)
                }
            }
        }
    }
}

/// One name's uses in a `NameTable`: in a file's own index there is one per name, kept
/// inline rather than in an array of its own.
enum NameUseList: Sendable, Equatable {
    case none
    case one(NameUse)
    case many([NameUse])

    mutating func append(_ use: NameUse) {
        switch self {
        case .none: self = .one(use)
        case .one(let first): self = .many([first, use])
        case .many(var uses):
            self = .none
            uses.append(use)
            self = .many(uses)
        }
    }

    func forEach(_ body: (NameUse) -> Void) {
        switch self {
        case .none: break
        case .one(let use): body(use)
        case .many(let uses): for use in uses { body(use) }
        }
    }
}

/// A set of small integers (units of a `SharedNames`), one bit each.
struct UnitSet: Sendable {
    private var words: [UInt64] = []

    init() {}

    func contains(_ unit: Int32) -> Bool {
        let word = Int(unit) >> 6
        return word < words.count && words[word] & (1 << UInt64(unit & 63)) != 0
    }

    mutating func insert(_ unit: Int32) {
        let word = Int(unit) >> 6
        if word >= words.count { words += repeatElement(0, count: word + 1 - words.count) }
        words[word] |= 1 << UInt64(unit & 63)
    }
}

/// The names of every file of a run, each name hashed once: for each name, its uses file
/// by file. Immutable; the run's module indexes share it, each through the set of units
/// (files) it sees.
final class SharedNames: Sendable {
    /// Name → its number.
    private let ids: [String: Int32]
    /// Number → name.
    private let names: [String]
    /// Uses of name `n` are `uses[starts[n]..<starts[n + 1]]`, in unit order.
    private let starts: [Int32]
    /// Every use; `NameUse.file` is a unit.
    private let uses: [NameUse]
    /// Unit → the path of its file.
    private let unitPaths: [String]
    /// Path → its units.
    private let unitsByPath: [String: [Int32]]

    /// The table of the uses the collector was given (`NameUse.file` a unit it handed out).
    init(_ collector: SharedNamesCollector) {
        unitPaths = collector.unitPaths
        var byPath: [String: [Int32]] = [:]
        for (unit, path) in collector.unitPaths.enumerated() { byPath[path, default: []].append(Int32(unit)) }
        unitsByPath = byPath
        // Each name's String, once; names whose bytes differ only in invalid UTF-8 decode
        // alike and become one.
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(collector.nameCount)
        var names: [String] = []
        var canonical = [Int32](repeating: 0, count: collector.nameCount)
        for number in 0..<collector.nameCount {
            let name = collector.name(number)
            // One lookup for a new name (nearly all are): the rare name already there gets
            // its number back.
            if let known = ids.updateValue(Int32(names.count), forKey: name) {
                ids[name] = known
                canonical[number] = known
            } else {
                canonical[number] = Int32(names.count)
                names.append(name)
            }
        }
        self.ids = ids
        self.names = names
        // Counting sort by name, keeping unit order within a name.
        var starts = [Int32](repeating: 0, count: names.count + 1)
        for entry in collector.entries { starts[Int(canonical[Int(entry.name)]) + 1] += 1 }
        for number in 0..<names.count { starts[number + 1] += starts[number] }
        var next = starts
        var sorted = [NameUse](repeating: NameUse(), count: collector.entries.count)
        for entry in collector.entries {
            let name = Int(canonical[Int(entry.name)])
            sorted[Int(next[name])] = entry.use
            next[name] += 1
        }
        self.starts = starts
        uses = sorted
    }

    /// The table of these parts, as `init(_:)` makes them.
    init(ids: [String: Int32], names: [String], starts: [Int32], uses: [NameUse], unitPaths: [String]) {
        self.ids = ids
        self.names = names
        self.starts = starts
        self.uses = uses
        self.unitPaths = unitPaths
        var byPath: [String: [Int32]] = [:]
        for (unit, path) in unitPaths.enumerated() { byPath[path, default: []].append(Int32(unit)) }
        unitsByPath = byPath
    }

    func contains(path: String, in units: UnitSet) -> Bool {
        unitsByPath[path]?.contains(where: units.contains) ?? false
    }

    func hasUses(in units: UnitSet) -> Bool {
        uses.contains { units.contains($0.file) }
    }

    func paths(of units: UnitSet) -> [String] {
        unitPaths.indices.filter { units.contains(Int32($0)) }.map { unitPaths[$0] }
    }

    func forEachUse(of name: String, in units: UnitSet, _ body: (NameUse, String) -> Void) {
        guard let id = ids[name] else { return }
        for position in Int(starts[Int(id)])..<Int(starts[Int(id) + 1]) {
            let use = uses[position]
            if units.contains(use.file) { body(use, unitPaths[Int(use.file)]) }
        }
    }

    /// Calls `body` with each name that files of `units` write and their uses (each
    /// `NameUse.file` a unit; `path(ofUnit:)` names its file).
    func forEachName(in units: UnitSet, _ body: (String, [NameUse]) -> Void) {
        var found: [NameUse] = []
        for (id, name) in names.enumerated() {
            found.removeAll(keepingCapacity: true)
            for position in Int(starts[id])..<Int(starts[id + 1]) where units.contains(uses[position].file) {
                found.append(uses[position])
            }
            if !found.isEmpty { body(name, found) }
        }
    }

    /// The units of the table, and the path of each.
    var unitCount: Int { unitPaths.count }
    func path(ofUnit unit: Int32) -> String { unitPaths[Int(unit)] }

    func forEachUse(in units: UnitSet, _ body: (String, String, NameUse) -> Void) {
        for (id, name) in names.enumerated() {
            for position in Int(starts[id])..<Int(starts[id + 1]) {
                let use = uses[position]
                if units.contains(use.file) { body(name, unitPaths[Int(use.file)], use) }
            }
        }
    }
}

/// Gathers the uses a `SharedNames` is made of, file by file: names are numbered by their
/// bytes, so that one is made a `String` (and hashed as one) once per run.
struct SharedNamesCollector {
    fileprivate var unitPaths: [String] = []
    fileprivate var entries: [(name: Int32, use: NameUse)] = []
    /// The names, numbered by their bytes.
    private var names = ByteInterner()

    fileprivate var nameCount: Int { names.count }

    fileprivate func name(_ number: Int) -> String { names.string(number) }

    /// A new unit for the file at `path`.
    mutating func unit(path: String) -> Int32 {
        unitPaths.append(path)
        return Int32(unitPaths.count - 1)
    }

    /// Records that `use.file` (a unit) writes the name of these bytes as `use` says.
    mutating func add(_ name: UnsafeBufferPointer<UInt8>, hash: UInt32, _ use: NameUse) {
        entries.append((number(of: name, hash: hash), use))
    }

    /// Records that `use.file` (a unit) writes `name` as `use` says.
    mutating func add(_ name: String, _ use: NameUse) {
        var text = name
        text.withUTF8 { add($0, hash: FileNames.hash($0), use) }
    }

    private mutating func number(of name: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int32 {
        names.number(of: name, hash: hash).number
    }

    /// Records every use of `table`, each of its files a new unit; returns those units.
    mutating func add(_ table: NameTable) -> [Int32] {
        var units = table.files.map { unit(path: $0) }
        if let names = table.own {
            let unit = units[0]
            names.bytes.withUnsafeBufferPointer { buffer in
                for entry in names.entries {
                    var use = entry.use
                    use.file = unit
                    add(UnsafeBufferPointer(rebasing: buffer[Int(entry.start)..<Int(entry.start + entry.count)]), hash: entry.hash, use)
                }
            }
        }
        for (name, list) in table.local {
            list.forEach { use in
                var use = use
                use.file = units[Int(use.file)]
                add(name, use)
            }
        }
        if let shared = table.shared {
            var byPath: [String: Int32] = [:]
            for path in shared.paths(of: table.units) where byPath[path] == nil {
                byPath[path] = unit(path: path)
                units.append(byPath[path]!)
            }
            shared.forEachUse(in: table.units) { name, path, use in
                var use = use
                use.file = byPath[path]!
                add(name, use)
            }
        }
        return units
    }
}

/// Distinct byte strings numbered as first seen: open addressing over their hashes, the
/// bytes kept in one buffer and compared with memcmp, so that a string is made a `String`
/// (and hashed as one) at most once. Rules use it to find names by a token's bytes.
public struct ByteInterner: Sendable {
    /// String `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    private var hashes: [UInt32] = []
    /// A string's number plus one, 0 when free.
    private var slots: [Int32]

    /// An interner with room for about `expected` strings before it grows.
    public init(expected: Int = 1 << 11) {
        var size = 16
        while size < expected * 2 { size *= 2 }
        slots = [Int32](filling: 0, count: size)
    }

    public var count: Int { hashes.count }

    /// Whether every byte is ASCII. Two ASCII strings are equal as Swift strings exactly
    /// when their bytes are; canonical equivalence may join a non-ASCII spelling to
    /// another (the Kelvin sign to `K`), which only a `String` comparison tells.
    public static func isASCII(_ string: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = string.baseAddress else { return true }
        // Eight bytes at a time, then the rest.
        var any: UInt64 = 0
        var offset = 0
        while offset + 8 <= string.count {
            any |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < string.count {
            any |= UInt64(base[offset])
            offset += 1
        }
        return any & 0x8080_8080_8080_8080 == 0
    }

    /// Whether every byte of `bytes` is ASCII.
    public static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isASCII($0) }
    }

    /// Whether every UTF-8 byte of `string` is ASCII.
    public static func isASCII(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { isASCII($0) }
    }

    /// The hash `number(of:hash:)` takes (`FileNames.hash`).
    public static func hash(_ string: UnsafeBufferPointer<UInt8>) -> UInt32 { FileNames.hash(string) }

    /// The number of these bytes, made the next number when they are new.
    public mutating func intern(_ string: UnsafeBufferPointer<UInt8>) -> Int {
        Int(number(of: string, hash: ByteInterner.hash(string)).number)
    }

    /// The number of these bytes, or nil when they were never interned.
    public func lookup(_ string: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = ByteInterner.hash(string)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = slots[slot]
            if found == 0 { return nil }
            let number = Int(found) - 1
            if hashes[number] == hash, equals(number, string) { return number }
            slot = (slot + 1) & mask
        }
    }

    /// The number of `string`'s UTF-8 bytes, or nil when they were never interned.
    public func lookup(_ string: String) -> Int? {
        var string = string
        return string.withUTF8 { lookup($0) }
    }

    private func equals(_ number: Int, _ string: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[number]), end = Int(starts[number + 1])
        return end - start == string.count && (string.isEmpty || bytes.withUnsafeBufferPointer { buffer in
            FileNames.sameBytes(buffer.baseAddress! + start, string.baseAddress!, count: string.count)
        })
    }

    public func string(_ number: Int) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(starts[number])..<Int(starts[number + 1])]), as: UTF8.self)
        }
    }

    /// The number of these bytes (`hash` being `FileNames.hash` of them), and whether
    /// they are new.
    public mutating func number(of string: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (number: Int32, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            let number = Int(found) - 1
            if hashes[number] == hash, equals(number, string) { return (Int32(number), false) }
            slot = (slot + 1) & mask
        }
        let number = Int32(hashes.count)
        hashes.append(hash)
        bytes.append(contentsOf: string)
        starts.append(Int32(bytes.count))
        slots[slot] = number + 1
        if hashes.count * 2 > slots.count {
            slots = [Int32](filling: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (number, hash) in hashes.enumerated() {
                var slot = Int(hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number + 1)
            }
        }
        return (number, true)
    }
}
