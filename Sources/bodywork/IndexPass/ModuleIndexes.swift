// Each file's view of the project index: the facts of the module(s) it belongs to and of
// the modules those depend on — what the compiler sees for it — never another app's, and
// never less because the run was given only some of the files.
import Codemod
import Settings
import Foundation
import Patch
import Project
import SwiftCST

/// Project indexes for the files of a run, one per distinct set of owning modules.
struct ModuleIndexes: Sendable {
    private var indexes: [ProjectIndex] = []
    /// Display path of a planned file → its index in `indexes`.
    private var viewByFile: [String: Int] = [:]

    /// No facts for any file (no active rule reads the index).
    static let empty = ModuleIndexes()

    /// `index` for the one file at `path` (the language server's document).
    static func single(path: String, index: ProjectIndex) -> ModuleIndexes {
        var result = ModuleIndexes()
        result.indexes = [index]
        result.viewByFile[path] = 0
        return result
    }

    /// The index the rules see for the planned file `path` (as the run names it).
    func index(forFile path: String) -> ProjectIndex {
        viewByFile[path].map { indexes[$0] } ?? ProjectIndex()
    }

    /// Indexes every file of the modules `files` belong to and of their dependencies,
    /// then folds, for each set of owning modules, the facts of the files all of them
    /// see. Files are parsed in parallel and folded in path order, so the result is the
    /// same for any `jobs`. `unindexed`: a planned path whose bytes on disk are not the
    /// ones processed (standard input), left for the rules to read from their tree.
    /// With a `cache`, the facts of a file whose content is in it are not recomputed, and
    /// new facts are saved to it at the end; and where a run is given a few files of a
    /// large module, the fold of the module's other files is kept as a snapshot, which a
    /// later run on those files reads instead of every other file. With `trees`, a
    /// planned file is parsed in full and its tree kept there for the rules (while the
    /// budget has room), so that it is parsed once; other files are parsed without their
    /// bodies. A planned file `prefetch` read (and parsed) ahead is taken from it. With
    /// `leavingToExit` (a command that ends with the process), every file's facts, once
    /// folded, are left for the exit to free: freed here, one by one on the main thread,
    /// they held up the rules (0.7 ms of a 34 ms run on IceCubesApp).
    static func build(files: [String], model: ProjectModel, jobs: Int, maxFileSize: Int,
                      unindexed: String? = nil, cache: IndexCache? = nil, trees: ParsedTrees? = nil,
                      prefetch: TreePrefetch? = nil, timings: Timings? = nil,
                      leavingToExit: Bool = false) -> ModuleIndexes {
        var phaseStart = Timings.mark()
        var result = ModuleIndexes()
        var viewByOwners: [[String]: Int] = [:]
        var visibleByView: [[String]] = []
        var ownersByView: [[String]] = []
        var displayByAbsolute: [String: String] = [:]
        var absoluteDirectories = AbsoluteDirectories()
        var generation: Int?  // the model's when the first view was taken
        for path in files {
            let absolute = absolutePath(path, directories: &absoluteDirectories)
            displayByAbsolute[absolute] = path
            let owners = model.owners(ofFile: absolute)
            if let view = viewByOwners[owners] {
                result.viewByFile[path] = view
                continue
            }
            let view = visibleByView.count
            viewByOwners[owners] = view
            if generation == nil { generation = model.generation }
            visibleByView.append(model.visibleFiles(owners: owners))
            ownersByView.append(owners)
            result.viewByFile[path] = view
        }
        timings?.lap("  index: modules of the files", since: &phaseStart)
        let skipped = unindexed.map(FilePath.absolute)
        let displayNames = displayByAbsolute
        var storeByProject: [String: String?] = [:]
        func store(ofFile path: String) -> String? {
            guard let cache else { return nil }
            // Every visible file is in a module already read: no lookup reads more.
            let project = model.knownModules(ofFile: path).first.flatMap(model.module)?.projectPath
                ?? FilePath.directory(of: path)
            if let known = storeByProject[project] { return known }
            let store = cache.storePath(forProject: project)
            storeByProject[project] = store
            return store
        }
        // Views of a few planned files among many others: the fold of the others is kept,
        // and read back while none of its files changed and none is planned.
        var snapshots = [Snapshot?](repeating: nil, count: visibleByView.count)
        if cache != nil {
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
        // The files of every view, made once: views overlap (a module sees its
        // dependencies' files), and each path hashed again costs more than its parse.
        // Merged as the sorted lists they are, then hashed once per file, not once per view.
        // Kept sorted as merged: the common run reads and folds them in this order, with no
        // set made and no sort.
        // Numbered by the model while it has read nothing since the views were taken.
        let viewsCurrent = generation == model.generation
        lazy var everyViewSorted = (viewsCurrent ? model.filesVisible(toAnyOf: ownersByView) : ProjectModel.union(visibleByView))
            .filter { $0 != skipped }
        lazy var filesOfEveryView = Set(everyViewSorted)
        let readsEveryView = !snapshots.contains(where: { $0?.base != nil })
        var wanted = Set<String>()
        // A snapshot's files left out are few: parsing them costs less than reading the
        // store for their facts (which changes no fact).
        var uncached = Set<String>()
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
        let recorded = FileStamp.now()
        let stamped = snapshots.contains { $0 != nil && $0?.base == nil }
        var read = [String: ReadFile]()
        // Without snapshots every view is folded from every file read, in path order: the
        // fold takes each file's facts as they come, while the other files are parsed.
        let foldsAhead = !snapshots.contains { $0 != nil } && !everyViewSorted.isEmpty
        var folding: ProjectIndex.Folding?
        var foldedPaths: [String] = []
        func readFiles(_ paths: [String]) {
            let stores = cache != nil ? paths.map { uncached.contains($0) ? nil : store(ofFile: $0) } : []
            let collector = FactCollector(count: paths.count)
            if leavingToExit { ExitReclaim.keep(collector) }
            if foldsAhead && folding == nil {
                collector.folding = ProjectIndex.Folding(fileCount: paths.count,
                                                         views: visibleByView.map { ModuleIndexes.positions(of: $0, in: paths) })
                foldedPaths = paths
            }
            // The files parsed ahead so far are taken; the pass's threads read the rest.
            // (Told only now: the read-ahead goes on while the fold is set up.)
            prefetch?.stopClaiming()
            // Every result is kept to the end of the pass anyway, so none need wait: a
            // thread that finds its files read ahead goes on to parse the next ones while
            // another folds, instead of waiting for the fold to catch up.
            // The read-ahead's helper, told to stop, finishes its file and joins the pass.
            runOrdered(count: paths.count, jobs: jobs, window: paths.count, afterBusyHelpers: prefetch != nil,
                       work: { index -> ReadFile in
                let path = paths[index]
                let name = displayNames[path] ?? path
                let ahead = displayNames[path] != nil ? prefetch?.take(name) : nil
                guard let (bytes, stamp, status) = ahead.map({ ($0.bytes, $0.stamp, $0.status) })
                        ?? SourceFile.read(path, maxSize: maxFileSize)
                else { return ReadFile() }
                guard let bytes else { return ReadFile(stamp: stamp) }
                let store = index < stores.count ? stores[index] : nil
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
        timings?.lap("  index: snapshots", since: &phaseStart)
        readFiles(readsEveryView ? everyViewSorted : wanted.sorted())
        timings?.lap("  index: read, parse, facts", since: &phaseStart)
        // A view with a snapshot: the files it leaves out added, in path order, to its fold.
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
            // Files that disagree on a text: the fold file by file says which wins.
            if consistent { folded[number] = index }
        }
        let rest = visibleByView.indices.filter { folded[$0] == nil }
        let all: [String]
        if readsEveryView && rest.count == visibleByView.count {
            // Every file of every view was read above.
            all = everyViewSorted
        } else {
            let filesToFold = (rest.count == visibleByView.count ? filesOfEveryView : Set(rest.flatMap { visibleByView[$0] }))
                .subtracting(skipped.map { [$0] } ?? [])
            let missing = filesToFold.subtracting(read.keys)
            if !missing.isEmpty { readFiles(missing.sorted()) }
            all = filesToFold.sorted()
        }
        cache?.save()
        let indexes: [ProjectIndex]
        if let folding, rest.count == visibleByView.count, all == foldedPaths {
            indexes = folding.finish(aside: jobs > 1 ? { HelperThreads.shared.run($0) } : nil)
        } else {
            // Files in path order, in every view: the fold shares what views see alike.
            indexes = ProjectIndex.fold(facts: all.map { read[$0]?.facts },
                                        views: rest.map { ModuleIndexes.positions(of: visibleByView[$0], in: all) })
        }
        for (number, index) in zip(rest, indexes) { folded[number] = index }
        result.indexes = folded.map { $0 ?? ProjectIndex() }
        if leavingToExit { ExitReclaim.keep(folding as Any, read) }
        timings?.lap("  index: fold", since: &phaseStart)
        return result
    }

    /// The positions in `paths` of the elements of `view` it holds: both sorted, without
    /// repeats, so one walk through the two compares names instead of hashing them.
    static func positions(of view: [String], in paths: [String]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(view.count)
        var next = 0
        for file in view {
            while next < paths.count && paths[next] < file { next += 1 }
            guard next < paths.count else { break }
            if paths[next] == file {
                result.append(next)
                next += 1
            }
        }
        return result
    }

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

    /// One line per file for `--verbose`: the modules the file belongs to and how many
    /// files its index holds.
    static func describe(files: [String], model: ProjectModel) -> [String] {
        files.map { path in
            let owners = model.owners(ofFile: FilePath.absolute(path)).compactMap(model.module)
            let names = owners.map { module in
                "\(module.kind.rawValue) \(module.name) (\(ProjectDescription.displayPath(module.projectPath)))"
            }
            let visible = model.visibleFiles(owners: owners.map(\.id)).count
            return "\(path): module \(names.joined(separator: ", ")); sees \(plural(visible, "file"))"
        }
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

extension ModuleIndexes {
    /// The deployment targets of the modules a file belongs to: per platform, the lowest
    /// any of them declares. Nil when none declares any (a folder, a package without
    /// `platforms:`), so that the caller falls back to the package or project settings.
    static func deploymentTargets(forFile path: String, model: ProjectModel) -> DeploymentTargets? {
        var versions: [Platform: Version] = [:]
        for id in model.owners(ofFile: FilePath.absolute(path)) {
            for (name, text) in model.module(id)?.deploymentTargets ?? [:] {
                guard let platform = Platform(rawValue: name), let version = Version(text) else { continue }
                versions[platform] = min(version, versions[platform] ?? version)
            }
        }
        return versions.isEmpty ? nil : DeploymentTargets(versions)
    }

    /// The language mode of the SwiftPM target a file belongs to (its own setting, else
    /// the package's), found through the model, so a target with a custom `path:` gets
    /// its own; nil when no target of `package` holds the file.
    static func swiftLanguageMode(forFile path: String, package: PackageInfo?, model: ProjectModel) -> Int? {
        guard let package else { return nil }
        let packageDirectory = FilePath.directory(of: FilePath.absolute(package.manifestPath))
        for id in model.owners(ofFile: FilePath.absolute(path)) {
            guard let module = model.module(id), module.kind == .swiftPackageTarget, module.projectPath == packageDirectory
            else { continue }
            return package.targetLanguageModes[module.name] ?? package.swiftLanguageMode
        }
        return nil
    }
}
