// The index pass behind `ModuleIndexes.build`, phase by phase: the views of the files, their
// snapshots, the files to read, each file's facts from one source, and the folds.
import Codemod
import Foundation
import Patch
import Project
import Semantics
import SwiftCST
import Runtime

/// One run of the index pass: what it was given, and what each phase leaves to the next.
/// `run(files:)` calls the phases in order; each lap of `timings` is one phase (or two).
struct IndexPass {
    let model: ProjectModel
    let jobs: Int
    let maxFileSize: Int
    let cache: IndexCache?
    let trees: ParsedTrees?
    let prefetch: TreePrefetch?
    let timings: Timings?
    let leavingToExit: Bool
    /// The absolute path of the planned file the rules read from their tree (standard input).
    let skipped: String?

    private var phaseStart = Timings.mark()

    // The views: one per distinct set of owning modules.
    private var viewByFile: [String: Int] = [:]
    private var visibleByView: [[String]] = []
    private var ownersByView: [[String]] = []
    /// Absolute path of a planned file → the path as the run names it.
    private var displayNames: [String: String] = [:]
    /// The model's generation when the first view was taken.
    private var generation: Int?
    private var storeByProject: [String: String?] = [:]

    // The snapshots and the files to read.
    private var snapshots: [Snapshot?] = []
    private var viewsCurrent = false
    private var everyViewSortedMemo: [String]?
    private var readsEveryView = true
    /// A snapshot's files left out are few: parsing them costs less than reading the store
    /// for their facts (which changes no fact).
    private var uncached = Set<String>()
    /// Some snapshot is made in this run: every file read needs its stamp and key.
    private var stamped = false
    private var recorded: Int64 = 0
    /// Without snapshots every view is folded from every file read, in path order: the
    /// fold takes each file's facts as they come, while the other files are parsed.
    private var foldsAhead = false

    // What was read.
    private var read = [String: ReadFile]()
    private var folding: ProjectIndex.Folding?
    private var foldedPaths: [String] = []

    init(model: ProjectModel, jobs: Int, maxFileSize: Int, unindexed: String?, cache: IndexCache?,
         trees: ParsedTrees?, prefetch: TreePrefetch?, timings: Timings?, leavingToExit: Bool) {
        self.model = model
        self.jobs = jobs
        self.maxFileSize = maxFileSize
        self.cache = cache
        self.trees = trees
        self.prefetch = prefetch
        self.timings = timings
        self.leavingToExit = leavingToExit
        skipped = unindexed.map(FilePath.absolute)
    }

    /// The pass, phase by phase (see `ModuleIndexes.build`).
    mutating func run(files: [String]) -> ModuleIndexes {
        takeViews(of: files)
        timings?.lap("  index: modules of the files", since: &phaseStart)
        planSnapshots()
        let wanted = chooseFilesToRead()
        timings?.lap("  index: snapshots", since: &phaseStart)
        readFiles(readsEveryView ? everyViewSorted() : wanted.sorted())
        timings?.lap("  index: read, parse, facts", since: &phaseStart)
        var folded = foldSnapshots()
        foldRest(into: &folded)
        if leavingToExit { ExitReclaim.keep(folding as Any, read) }
        timings?.lap("  index: fold", since: &phaseStart)
        return ModuleIndexes(indexes: folded.map { $0 ?? ProjectIndex() }, viewByFile: viewByFile,
                             moduleFilesByView: moduleFilesByView())
    }

    // MARK: - Views and snapshots

    /// For each view, the files of its own modules (not of their dependencies), named as
    /// the index names them.
    private func moduleFilesByView() -> [Set<String>] {
        ownersByView.map { owners in Set(model.ownFiles(of: owners).map { displayNames[$0] ?? $0 }) }
    }

    /// Gives each planned file the view of its set of owning modules, one view per set.
    private mutating func takeViews(of files: [String]) {
        var viewByOwners: [[String]: Int] = [:]
        var absoluteDirectories = AbsoluteDirectories()
        for path in files {
            let absolute = Self.absolutePath(path, directories: &absoluteDirectories)
            displayNames[absolute] = path
            let owners = model.owners(ofFile: absolute)
            if let view = viewByOwners[owners] {
                viewByFile[path] = view
                continue
            }
            let view = visibleByView.count
            viewByOwners[owners] = view
            if generation == nil { generation = model.generation }
            visibleByView.append(model.visibleFiles(owners: owners))
            ownersByView.append(owners)
            viewByFile[path] = view
        }
    }

    /// The cache's store for the file at `path`, found once per project.
    private mutating func store(ofFile path: String) -> String? {
        guard let cache else { return nil }
        // Every visible file is in a module already read: no lookup reads more.
        let project = model.knownModules(ofFile: path).first.flatMap(model.module)?.projectPath
            ?? FilePath.directory(of: path)
        if let known = storeByProject[project] { return known }
        let store = cache.storePath(forProject: project)
        storeByProject[project] = store
        return store
    }

    /// Views of a few planned files among many others: the fold of the others is kept,
    /// and read back while none of its files changed and none is planned.
    private mutating func planSnapshots() {
        snapshots = [Snapshot?](repeating: nil, count: visibleByView.count)
        guard cache != nil else { return }
        let skipped = skipped
        for (number, visible) in visibleByView.enumerated() {
            let planned = Set(visible.filter { displayNames[$0] != nil || $0 == skipped })
            // Kept with the project of the file the run was given.
            let anchor = visible.first { displayNames[$0] != nil && $0 != skipped } ?? skipped ?? visible.first
            guard visible.count - planned.count >= IndexSnapshots.minimumFiles, planned.count <= IndexSnapshots.maximumPlanned,
                  let anchor, let store = store(ofFile: anchor) else { continue }
            let path = IndexSnapshots.path(store: store, view: ownersByView[number], maxFileSize: maxFileSize)
            let all = Set(visible)
            var leftOut = planned
            switch IndexSnapshots.load(path, visible: all, excluded: planned, jobs: jobs) {
            case .fold(let base, let files):
                let folded = Set(files)
                let extra = visible.filter { !folded.contains($0) && $0 != skipped }
                if extra.count <= IndexSnapshots.maximumLeftOut {
                    snapshots[number] = Snapshot(path: path, store: store, files: files, base: base, extra: extra)
                    continue
                }
            case .stale(let files, let changed):
                // The files being worked on stay out of the next snapshot.
                let folded = Set(files)
                leftOut.formUnion(changed.intersection(all))
                leftOut.formUnion(visible.lazy.filter { !folded.contains($0) })
                if leftOut.count > IndexSnapshots.maximumLeftOut { leftOut = planned }
            case .none:
                break
            }
            let files = visible.filter { !leftOut.contains($0) }
            let extra = visible.filter { leftOut.contains($0) && $0 != skipped }
            snapshots[number] = Snapshot(path: path, store: store, files: files, base: nil, extra: extra)
        }
    }

    // MARK: - Reading

    /// The files of every view, made once: views overlap (a module sees its dependencies'
    /// files), and each path hashed again costs more than its parse. Merged as the sorted
    /// lists they are, then hashed once per file, not once per view. Kept sorted as merged:
    /// the common run reads and folds them in this order, with no set made and no sort.
    private mutating func everyViewSorted() -> [String] {
        if let known = everyViewSortedMemo { return known }
        // Numbered by the model while it has read nothing since the views were taken.
        let skipped = skipped
        let files = (viewsCurrent ? model.filesVisible(toAnyOf: ownersByView) : ProjectModel.union(visibleByView))
            .filter { $0 != skipped }
        everyViewSortedMemo = files
        return files
    }

    /// Settles how the files are read; beside snapshots read back, returns the files read
    /// first: those they leave out and the other views' (else every view's are).
    private mutating func chooseFilesToRead() -> Set<String> {
        viewsCurrent = generation == model.generation
        readsEveryView = !snapshots.contains(where: { $0?.base != nil })
        var wanted = Set<String>()
        if !readsEveryView {
            for (number, visible) in visibleByView.enumerated() {
                if let snapshot = snapshots[number], snapshot.base != nil {
                    wanted.formUnion(snapshot.extra)
                    uncached.formUnion(snapshot.extra)
                } else {
                    wanted.formUnion(visible)
                }
            }
            if let skipped { wanted.remove(skipped) }
        }
        recorded = FileStamp.now()
        stamped = snapshots.contains { $0 != nil && $0?.base == nil }
        foldsAhead = !snapshots.contains { $0 != nil } && !everyViewSorted().isEmpty
        return wanted
    }

    /// Reads `paths` on the pass's threads, each file's facts from its one source, and
    /// either folds them as they come (the first read of a run without snapshots) or keeps
    /// them in `read`.
    private mutating func readFiles(_ paths: [String]) {
        let stores = cache != nil ? paths.map { uncached.contains($0) ? nil : store(ofFile: $0) } : []
        let collector = FactCollector(count: paths.count)
        if leavingToExit { ExitReclaim.keep(collector) }
        if foldsAhead && folding == nil {
            collector.folding = ProjectIndex.Folding(fileCount: paths.count,
                                                     views: visibleByView.map { ModuleIndexes.positions(of: $0, in: paths) })
            foldedPaths = paths
        }
        let source = FactSource(displayNames: displayNames, maxFileSize: maxFileSize, cache: cache, trees: trees,
                                prefetch: prefetch, stamped: stamped)
        // The files parsed ahead so far are taken; the pass's threads read the rest.
        // (Told only now: the read-ahead goes on while the fold is set up.)
        prefetch?.stopClaiming()
        // Every result is kept to the end of the pass anyway, so none need wait: a
        // thread that finds its files read ahead goes on to parse the next ones while
        // another folds, instead of waiting for the fold to catch up.
        runOrdered(count: paths.count, jobs: jobs, window: paths.count, work: { index -> ReadFile in
            source.read(paths[index], store: index < stores.count ? stores[index] : nil)
        }, emit: { index, file in
            collector.set(index, file)
        })
        // A fold that took each file's facts as they came needs no table of them (its
        // files are all the views'; made, the table costs the fold's wait for it).
        if collector.folding == nil {
            for (path, file) in zip(paths, collector.files) { read[path] = file }
        }
        if let started = collector.folding { folding = started }
    }

    // MARK: - Folding

    /// Each view with a snapshot: its fold (made and saved now when it was not kept), with
    /// the files it leaves out added in path order; nil for the other views, and for a view
    /// whose files disagree on a text (the fold file by file says which wins).
    private mutating func foldSnapshots() -> [ProjectIndex?] {
        var folded = [ProjectIndex?](repeating: nil, count: visibleByView.count)
        for (number, snapshot) in snapshots.enumerated() {
            guard let snapshot else { continue }
            if snapshot.base == nil {
                let stamps = snapshot.files.compactMap { read[$0]?.stamp }
                let keys = snapshot.files.compactMap { read[$0]?.key }
                guard stamps.count == snapshot.files.count, keys.count == snapshot.files.count else { continue }
                let base = ProjectIndex.fold(facts: snapshot.files.map { read[$0]?.facts }, views: [Array(snapshot.files.indices)])[0]
                IndexSnapshots.save(base, files: snapshot.files, stamps: stamps, keys: keys, recorded: recorded,
                                    to: snapshot.path, store: snapshot.store)
                snapshots[number]?.base = base
            }
            guard var index = snapshots[number]?.base else { continue }
            var consistent = true
            for path in snapshot.extra {
                guard let facts = read[path]?.facts else { continue }
                consistent = index.absorbIfConsistent(facts)
                if !consistent { break }
            }
            if consistent { folded[number] = index }
        }
        return folded
    }

    /// Folds the views `folded` has none for from their files in path order (reading any
    /// not read yet), or takes the fold made as the files were read, and saves the cache.
    private mutating func foldRest(into folded: inout [ProjectIndex?]) {
        let rest = visibleByView.indices.filter { folded[$0] == nil }
        let all: [String]
        if readsEveryView && rest.count == visibleByView.count {
            // Every file of every view was read above.
            all = everyViewSorted()
        } else {
            let filesToFold = (rest.count == visibleByView.count ? Set(everyViewSorted()) : Set(rest.flatMap { visibleByView[$0] }))
                .subtracting(skipped.map { [$0] } ?? [])
            let missing = filesToFold.subtracting(read.keys)
            if !missing.isEmpty { readFiles(missing.sorted()) }
            all = filesToFold.sorted()
        }
        cache?.save()
        let indexes: [ProjectIndex]
        if let folding, rest.count == visibleByView.count, all == foldedPaths {
            indexes = folding.finish(aside: jobs > 1 && Mechanism.foldahead.isOn ? { HelperThreads.shared.run($0) } : nil)
        } else {
            // Files in path order, in every view: the fold shares what views see alike.
            indexes = ProjectIndex.fold(facts: all.map { read[$0]?.facts },
                                        views: rest.map { ModuleIndexes.positions(of: visibleByView[$0], in: all) })
        }
        for (number, index) in zip(rest, indexes) { folded[number] = index }
    }

    // MARK: - Paths

    /// The absolute form of each directory of the files, as `absolutePath` found it.
    private struct AbsoluteDirectories {
        var byDirectory: [String: String] = [:]
        var last: (directory: String, absolute: String)?
    }

    /// `FilePath.absolute(path)`, the directory's part worked out once per directory: a
    /// last component that is a plain name (not `.`, `..` or empty) is appended as it is
    /// to its normalized absolute directory.
    private static func absolutePath(_ path: String, directories: inout AbsoluteDirectories) -> String {
        guard let slash = ProjectPaths.lastSlash(path) else { return FilePath.absolute(path) }
        let directory = path[..<slash]
        let name = path[path.utf8.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != "..", !directory.isEmpty else { return FilePath.absolute(path) }
        let base: String
        // Files come directory by directory: the last directory is compared before a
        // lookup, and the table is keyed by `String` (a `Substring` hashes as Unicode text).
        if let last = directories.last, last.directory == directory {
            base = last.absolute
        } else {
            let key = String(directory)
            if let known = directories.byDirectory[key] {
                base = known
            } else {
                base = FilePath.absolute(key)
                directories.byDirectory[key] = base
            }
            directories.last = (key, base)
        }
        guard base.hasPrefix("/") else { return FilePath.absolute(path) }
        return base == "/" ? "/" + name : ProjectPaths.concatenate(base, "/", name)
    }
}

/// Where one file's facts come from, the one place that decides: read ahead (with its tree),
/// cached (by the key of its bytes), or parsed here.
private struct FactSource: Sendable {
    /// Absolute path of a planned file → the path as the run names it.
    let displayNames: [String: String]
    let maxFileSize: Int
    let cache: IndexCache?
    let trees: ParsedTrees?
    let prefetch: TreePrefetch?
    /// Every file read needs the key of its bytes (a snapshot is made).
    let stamped: Bool

    /// The file at `path` (absolute) as read, with its facts; `store` is the cache's for it.
    func read(_ path: String, store: String?) -> ReadFile {
        let name = displayNames[path] ?? path
        let ahead = displayNames[path] != nil ? prefetch?.take(name) : nil
        guard let (bytes, stamp, status) = ahead.map({ ($0.bytes, $0.stamp, $0.status) })
                ?? SourceFile.read(path, maxSize: maxFileSize)
        else { return ReadFile() }
        guard let bytes else { return ReadFile(stamp: stamp) }
        let key = store != nil || stamped ? IndexCache.key(of: bytes) : nil
        // Parsed ahead (its room reserved): kept for the rules, and its facts come from
        // the cache when it has them (reading them costs less than building them
        // again), else from that tree.
        var tree = trees != nil ? ahead?.tree : nil
        // Only text files' facts are ever stored, so a hit needs no UTF-8 check.
        if let cache, let store, let key, let cached = cache.encodedFacts(store: store, key: key) {
            if let trees, let tree {
                trees.keep(tree, path: name, file: FileSnapshot(path: name, bytes: tree.bytes, status: status))
            }
            return ReadFile(facts: .encoded(cached, path: name), stamp: stamp, key: key)
        }
        if tree == nil {
            guard FileProcessor.isUTF8Text(bytes) else { return ReadFile(stamp: stamp, key: key) }
            if let trees, displayNames[path] != nil, trees.reserve(bytes.count) { tree = SyntaxTree.parse(bytes) }
        }
        let facts: ProjectIndex
        if let trees, let tree {
            // Built by the prefetch as it parsed the tree, when it builds them.
            facts = ahead?.facts ?? ProjectIndexBuilder.build([(name, tree)])
            // The tree's bytes as read, so that the rules need not read the file again.
            trees.keep(tree, path: name, file: FileSnapshot(path: name, bytes: tree.bytes, status: status))
        } else {
            facts = ProjectIndexBuilder.build([(name, SyntaxTree.parseDeclarations(bytes))])
        }
        if let cache, let store, let key { cache.insert(store: store, key: key, facts: facts) }
        return ReadFile(facts: .built(facts), stamp: stamp, key: key)
    }
}

/// A view's snapshot: where it is kept, the files it folds, the fold once known, and the
/// view's other files, added to it (but standard input's).
private struct Snapshot {
    var path: String
    var store: String
    var files: [String]
    var base: ProjectIndex?
    var extra: [String]
}

/// One file as the index pass read it: its facts (nil when it is not text or too large),
/// its stamp and the key of its bytes (nil when not read).
private struct ReadFile: Sendable {
    var facts: ProjectIndex.FileFacts?
    var stamp: FileStamp?
    var key: IndexCache.Key?
}

/// Files as the ordered batch emits them, one at a time.
private final class FactCollector: @unchecked Sendable {
    var files: [ReadFile]
    /// Given each file's facts, in order, when the fold goes along with the reading.
    var folding: ProjectIndex.Folding?
    init(count: Int) { files = Array(repeating: ReadFile(), count: count) }
    func set(_ index: Int, _ value: ReadFile) {
        files[index] = value
        folding?.add(value.facts)
    }
}
