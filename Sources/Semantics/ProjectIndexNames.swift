// The names an index's files write, kept so that the many module indexes of one run share
// one table of them instead of each holding (and hashing, and freeing) a copy of its own.
//
// A table has two parts: uses recorded file by file (a builder's file, a decoded cache
// entry, a file merged in by a rule), and uses of the run's files held once in a
// `SharedNames` that every module index of the run points to, each counting only the
// files it sees.

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

    init() {}

    /// The files of `units` in `shared`, and no others.
    init(shared: SharedNames, units: UnitSet) {
        self.shared = shared
        self.units = units
    }

    /// Whether no file writes any name.
    var isEmpty: Bool { local.isEmpty && !(shared.map { table in table.hasUses(in: units) } ?? false) }

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
        local[name, default: .none].append(use)
    }

    /// Records how the file at `path` writes each name.
    mutating func set(_ uses: [String: NameUse], path: String) {
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
        local[name]?.forEach { total += Int(asMember ? $0.memberWrites : $0.plainWrites) }
        shared?.forEachUse(of: name, in: units) { use, _ in total += Int(asMember ? use.memberWrites : use.plainWrites) }
        return total
    }

    /// Calls `body` with every name, the path of a file that writes it, and how.
    func forEachUse(_ body: (String, String, NameUse) -> Void) {
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
        if word >= words.count { words += Array(repeating: 0, count: word + 1 - words.count) }
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

    /// The table of `files`, in order; `add` of each gives its uses (`NameUse.file` a
    /// unit the collector handed out).
    init(collect: (inout SharedNamesCollector) -> Void) {
        var collector = SharedNamesCollector()
        collect(&collector)
        ids = collector.ids
        names = collector.names
        unitPaths = collector.unitPaths
        var byPath: [String: [Int32]] = [:]
        for (unit, path) in collector.unitPaths.enumerated() { byPath[path, default: []].append(Int32(unit)) }
        unitsByPath = byPath
        // Counting sort by name, keeping unit order within a name.
        var starts = [Int32](repeating: 0, count: collector.names.count + 1)
        for entry in collector.entries { starts[Int(entry.name) + 1] += 1 }
        for number in 0..<collector.names.count { starts[number + 1] += starts[number] }
        var next = starts
        var sorted = [NameUse](repeating: NameUse(), count: collector.entries.count)
        for entry in collector.entries {
            sorted[Int(next[Int(entry.name)])] = entry.use
            next[Int(entry.name)] += 1
        }
        self.starts = starts
        uses = sorted
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

    func forEachUse(in units: UnitSet, _ body: (String, String, NameUse) -> Void) {
        for (id, name) in names.enumerated() {
            for position in Int(starts[id])..<Int(starts[id + 1]) {
                let use = uses[position]
                if units.contains(use.file) { body(name, unitPaths[Int(use.file)], use) }
            }
        }
    }
}

/// Gathers the uses a `SharedNames` is made of, file by file.
struct SharedNamesCollector {
    fileprivate var ids: [String: Int32] = [:]
    fileprivate var names: [String] = []
    fileprivate var unitPaths: [String] = []
    fileprivate var entries: [(name: Int32, use: NameUse)] = []

    /// A new unit for the file at `path`.
    mutating func unit(path: String) -> Int32 {
        unitPaths.append(path)
        return Int32(unitPaths.count - 1)
    }

    /// Records that `use.file` (a unit) writes `name` as `use` says.
    mutating func add(_ name: String, _ use: NameUse) {
        let id: Int32
        if let known = ids[name] {
            id = known
        } else {
            id = Int32(names.count)
            ids[name] = id
            names.append(name)
        }
        entries.append((id, use))
    }

    /// Records every use of `table`, each of its files a new unit; returns those units.
    mutating func add(_ table: NameTable) -> [Int32] {
        var units = table.files.map { unit(path: $0) }
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
