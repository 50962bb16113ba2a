// A run folds the same files into many module indexes (each module sees its dependencies'
// files). Folding each index file by file merged the facts of a module's files once per
// module that sees them; here the files every index sees alike are folded once, and each
// index is a merge of those few folds, its names a view of one table for the whole run.
import Dispatch
import SwiftCST

/// The run's table of names, made on another thread while a fold merges the views.
private final class NamesInProgress: @unchecked Sendable {
    var table: SharedNames?
}

/// The views of a fold being built by one or two threads: each view is claimed by one,
/// and built once its base is.
private final class ViewFold: @unchecked Sendable {
    private let views: [[Int]]
    private let groupsOfView: [[Int]]
    private let baseOf: [Int?]
    private let groups: [ProjectIndex]
    private let groupFiles: [[Int]]
    private let files: [ProjectIndex.FileFacts?]
    private let lock = DispatchSemaphore(value: 1)
    private var claimed: [Bool]
    private var results: [ProjectIndex?]
    /// Left when the view is built.
    private let done: [DispatchGroup]

    init(views: [[Int]], groupsOfView: [[Int]], baseOf: [Int?], groups: [ProjectIndex], groupFiles: [[Int]],
         files: [ProjectIndex.FileFacts?]) {
        self.views = views
        self.groupsOfView = groupsOfView
        self.baseOf = baseOf
        self.groups = groups
        self.groupFiles = groupFiles
        self.files = files
        claimed = [Bool](repeating: false, count: views.count)
        results = [ProjectIndex?](repeating: nil, count: views.count)
        done = views.map { _ in
            let group = DispatchGroup()
            group.enter()
            return group
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        return body()
    }

    /// Whether `number` is not claimed yet; claims it.
    func claim(_ number: Int) -> Bool {
        locked {
            guard !claimed[number] else { return false }
            claimed[number] = true
            return true
        }
    }

    /// Whether the base of `number` is built (or it has none).
    func isReady(_ number: Int) -> Bool {
        guard let base = baseOf[number] else { return true }
        return locked { results[base] != nil }
    }

    /// Builds the view `number` (claimed by the caller), waiting for its base.
    func build(_ number: Int) {
        let base = baseOf[number].map { base in
            done[base].wait()
            return (index: locked { results[base]! }, groups: groupsOfView[base])
        }
        let index = ProjectIndex.foldView(views[number], groups: groupsOfView[number], base: base, groupFacts: groups,
                                          groupFiles: groupFiles, files: files)
        locked { results[number] = index }
        done[number].leave()
    }

    /// The views built, once all are.
    var built: [ProjectIndex?] { locked { results } }
}

extension ProjectIndex {
    /// One file's facts as the run has them: indexed now, or as the cache keeps them
    /// (bytes `isFactEncoding` accepts).
    public enum FileFacts: Sendable {
        case built(ProjectIndex)
        case encoded(ArraySlice<UInt8>, path: String)
    }

    /// For each view (positions in `files`), the index that absorbing those files one by
    /// one gives, as `absorb(_:)` would build it. A missing file (nil) is skipped.
    public static func fold(_ files: [ProjectIndex?], views: [[Int]]) -> [ProjectIndex] {
        fold(facts: files.map { $0.map(FileFacts.built) }, views: views)
    }

    /// `fold(_:views:)` of facts built or cached. Views in increasing order of position (a
    /// run's are: files in path order) share the work: the files that the same views see
    /// form a group, folded once; a view merges its groups, and where two groups give a
    /// property or typealias different texts, the text of the view's last file that has
    /// one wins, as in a fold file by file. Other views are folded file by file.
    public static func fold(facts files: [FileFacts?], views: [[Int]]) -> [ProjectIndex] {
        var folding = Folding(fileCount: files.count, views: views)
        for facts in files { folding.add(facts) }
        return folding.finish()
    }

    /// `fold(facts:views:)` handed the files one by one, in position order, as they are
    /// read: each group's facts and the names of each file are gathered as its file comes,
    /// so that only the views' merges are left once the last one has.
    public struct Folding {
        private let views: [[Int]]
        /// Views in increasing order of position: else the fold is file by file, at the end.
        private let ordered: Bool
        private var files: [FileFacts?] = []
        /// The views that see each position.
        private var viewsOfFile: [[Int32]]
        // Groups: the files seen by the same views, in position order, numbered by their
        // first file.
        private var groupBySignature: [[Int32]: Int] = [:]
        private var groupFiles: [[Int]] = []
        private var groupOfFile: [Int]
        private var groups: [ProjectIndex] = []
        private var unitsOfFile: [[Int32]]
        private var collector = SharedNamesCollector()

        public init(fileCount: Int, views: [[Int]]) {
            self.views = views
            ordered = views.allSatisfy { view in zip(view, view.dropFirst()).allSatisfy { $0 < $1 } }
            files.reserveCapacity(fileCount)
            viewsOfFile = [[Int32]](repeating: [], count: ordered ? fileCount : 0)
            if ordered {
                for (number, view) in views.enumerated() {
                    for position in view { viewsOfFile[position].append(Int32(number)) }
                }
            }
            groupOfFile = [Int](repeating: -1, count: fileCount)
            unitsOfFile = [[Int32]](repeating: [], count: fileCount)
        }

        /// The facts of the next position (nil: a file that could not be read).
        public mutating func add(_ facts: FileFacts?) {
            let position = files.count
            files.append(facts)
            guard ordered, let facts, !viewsOfFile[position].isEmpty else { return }
            let signature = viewsOfFile[position]
            let group = groupBySignature[signature] ?? groupFiles.count
            if group == groupFiles.count {
                groupBySignature[signature] = group
                groupFiles.append([])
                groups.append(ProjectIndex())
            }
            groupFiles[group].append(position)
            groupOfFile[position] = group
            switch facts {
            case .built(let file):
                let count = groups[group].fileCount + file.fileCount
                groups[group].addFacts(of: file, names: false)
                groups[group].fileCount = count
                unitsOfFile[position] = collector.add(file.names)
            case .encoded(let bytes, let path):
                let unit = collector.unit(path: path)
                groups[group].absorb(encodedFacts: bytes, path: path, unit: unit, names: &collector)
                unitsOfFile[position] = [unit]
            }
        }

        /// Each view's index, once every position has been added. With `aside` (which runs
        /// a closure on another thread), the table of names is made there while the views'
        /// facts are merged, and that thread then merges views too.
        public func finish(aside: ((@escaping @Sendable () -> Void) -> Void)? = nil) -> [ProjectIndex] {
            guard ordered else {
                return views.map { view in
                    var index = ProjectIndex()
                    for position in view { index.absorb(files[position]) }
                    return index
                }
            }
            // A view whose groups include all of an earlier view's starts from that view's
            // index (the module it depends on), so views are built in order of their size.
            var groupsOfView = [[Int]](repeating: [], count: views.count)
            for (number, view) in views.enumerated() {
                var members: [Int] = []
                for position in view where groupOfFile[position] >= 0 && members.last != groupOfFile[position] {
                    if !members.contains(groupOfFile[position]) { members.append(groupOfFile[position]) }
                }
                groupsOfView[number] = members.sorted()
            }
            let order = views.indices.sorted { (groupsOfView[$0].count, $0) < (groupsOfView[$1].count, $1) }
            // Each view's base, chosen among the views before it in that order (a view's file
            // count is its groups'): known before any is built, so that two threads can build
            // them, each view once its base is, and find what one thread would.
            var fileCounts = [Int](repeating: -1, count: views.count)
            var baseOf = [Int?](repeating: nil, count: views.count)
            for number in order {
                let members = groupsOfView[number]
                baseOf[number] = members.isEmpty ? nil : ProjectIndex.baseView(of: members, fileCounts: fileCounts, groupsOfView: groupsOfView)
                fileCounts[number] = members.reduce(0) { $0 + groups[$1].fileCount }
            }
            let work = ViewFold(views: views, groupsOfView: groupsOfView, baseOf: baseOf, groups: groups,
                                groupFiles: groupFiles, files: files)
            let names = NamesInProgress()
            let collector = collector
            let made = DispatchGroup()
            if let aside {
                made.enter()
                aside {
                    names.table = SharedNames(collector)
                    // The largest views whose bases are built, from the end, while the
                    // calling thread builds from the start.
                    for number in order.reversed() where work.isReady(number) && work.claim(number) { work.build(number) }
                    made.leave()
                }
            } else {
                names.table = SharedNames(collector)
            }
            for number in order where work.claim(number) { work.build(number) }
            made.wait()
            let built = work.built
            let table = names.table!
            return views.indices.map { number in
                guard var index = built[number], !groupsOfView[number].isEmpty else { return ProjectIndex() }
                var units = UnitSet()
                for position in views[number] { for unit in unitsOfFile[position] { units.insert(unit) } }
                index.names = NameTable(shared: table, units: units)
                return index
            }
        }
    }

    /// The base of a view of `groups`: among the views built before it (their file counts
    /// known, -1 for the others), the one with the most files within it (the first in number
    /// order on a tie); nil when there is none.
    fileprivate static func baseView(of members: [Int], fileCounts: [Int], groupsOfView: [[Int]]) -> Int? {
        let memberSet = Set(members)
        var base: (view: Int, files: Int)?
        for (number, earlier) in fileCounts.enumerated() where earlier > (base?.files ?? 0) {
            if groupsOfView[number].allSatisfy(memberSet.contains) { base = (number, earlier) }
        }
        return base?.view
    }

    /// One view of `fold(facts:views:)`: the facts of its groups (starting from its base,
    /// an earlier view that has only groups of this one, given with its groups), without
    /// its names.
    fileprivate static func foldView(_ view: [Int], groups members: [Int], base: (index: ProjectIndex, groups: [Int])?,
                                     groupFacts groups: [ProjectIndex], groupFiles: [[Int]],
                                     files: [FileFacts?]) -> ProjectIndex {
        guard !members.isEmpty else { return ProjectIndex() }
        // The base: the earlier view with the most files among those within this one, or
        // the largest group (shared, not copied, until the next merges in).
        var index: ProjectIndex
        var included: Set<Int>
        if let base {
            index = base.index
            included = Set(base.groups)
        } else {
            let base = members.max(by: { (groupFiles[$0].count, $1) < (groupFiles[$1].count, $0) })!
            index = groups[base]
            included = [base]
        }
        var decoded: [Int: ProjectIndex] = [:]
        for group in members where !included.contains(group) {
            index.addTypeFacts(of: groups[group]) { conflict in
                // The view's last file with a text for the key has the last word.
                for position in view.reversed() {
                    let file: ProjectIndex
                    switch files[position] {
                    case .built(let built)?: file = built
                    case .encoded(let bytes, let path)?:
                        if decoded[position] == nil { decoded[position] = ProjectIndex(encodedFacts: bytes, path: path) }
                        guard let known = decoded[position] else { continue }
                        file = known
                    case nil: continue
                    }
                    if let text = file.text(of: conflict) { return text }
                }
                return nil
            }
            index.fileCount += groups[group].fileCount
        }
        return index
    }

    /// Adds `facts` as `absorb(_:)` and `absorb(encodedFacts:path:)` do.
    mutating func absorb(_ facts: FileFacts?) {
        switch facts {
        case .built(let file)?: absorb(file)
        case .encoded(let bytes, let path)?: absorb(encodedFacts: bytes, path: path, checked: true)
        case nil: break
        }
    }

    /// A fact that two files can give different texts: the last file's wins.
    enum TextFact {
        case propertyType(type: String, name: String)
        case propertyWrapper(type: String, name: String)
        case alias(String)
    }

    func text(of fact: TextFact) -> String? {
        switch fact {
        case .propertyType(let type, let name): return propertyTypes[type]?[name]
        case .propertyWrapper(let type, let name): return propertyWrappers[type]?[name]
        case .alias(let name): return typealiases[name]
        }
    }

    /// Adds every fact of `other` but its names and file count; where both give a
    /// property or typealias different texts, `winner` says which (nil: `other`'s).
    mutating func addTypeFacts(of other: ProjectIndex, winner: (TextFact) -> String?) {
        for (type, names) in other.conformances {
            conformances[type, default: []].unite(names)
        }
        func merge(_ table: inout [String: [String: String]], _ entries: [String: [String: String]],
                   _ fact: (String, String) -> TextFact) {
            for (type, properties) in entries {
                guard table[type] != nil else {
                    table[type] = properties
                    continue
                }
                for (name, text) in properties {
                    switch table[type]![name] {
                    case nil: table[type]![name] = text
                    case text?: continue
                    case _?: table[type]![name] = winner(fact(type, name)) ?? text
                    }
                }
            }
        }
        merge(&propertyTypes, other.propertyTypes) { .propertyType(type: $0, name: $1) }
        merge(&propertyWrappers, other.propertyWrappers) { .propertyWrapper(type: $0, name: $1) }
        for (name, text) in other.typealiases {
            switch typealiases[name] {
            case nil: typealiases[name] = text
            case text?: continue
            case _?: typealiases[name] = winner(.alias(name)) ?? text
            }
        }
        addTypeSets(of: other)
    }
}
