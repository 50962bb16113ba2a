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
    /// The planned files (the keys of `viewByFile`), made once for every file's rules.
    private(set) var plannedFiles: Set<String> = []
    /// For each view, the files of its own modules, as the index names them.
    private var moduleFilesByView: [Set<String>] = []

    /// No facts for any file (no active rule reads the index).
    static let empty = ModuleIndexes()

    private init() {}

    /// `indexes`, and for each planned file the position of its own among them.
    init(indexes: [ProjectIndex], viewByFile: [String: Int], moduleFilesByView: [Set<String>] = []) {
        self.indexes = indexes
        self.viewByFile = viewByFile
        self.moduleFilesByView = moduleFilesByView
        plannedFiles = Set(viewByFile.keys)
    }

    /// `index` for the one file at `path` (the language server's document).
    static func single(path: String, index: ProjectIndex) -> ModuleIndexes {
        var result = ModuleIndexes()
        result.indexes = [index]
        result.viewByFile[path] = 0
        result.plannedFiles = [path]
        return result
    }

    /// The files of the modules the planned file `path` belongs to, their dependencies'
    /// left out; nil when not known.
    func moduleFiles(forFile path: String) -> Set<String>? {
        guard let view = viewByFile[path], view < moduleFilesByView.count else { return nil }
        return moduleFilesByView[view]
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
        var pass = IndexPass(model: model, jobs: jobs, maxFileSize: maxFileSize, unindexed: unindexed, cache: cache,
                             trees: trees, prefetch: prefetch, timings: timings, leavingToExit: leavingToExit)
        return pass.run(files: files)
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
