// The project model: which module each file belongs to and which modules that module
// sees, from SwiftPM manifests, Xcode projects and workspaces, or else the folder.
//
// A module sees its own files and the modules it depends on, transitively; nothing else
// in the run. Projects are read lazily, when a file below (or referenced from) them is
// asked about, and each is read once.
import Foundation
import SwiftCST
import Runtime

/// One unit the compiler builds: a SwiftPM target, an Xcode target, or a folder with no
/// manifest we read.
public struct Module: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case swiftPackageTarget = "swiftpm-target"
        case xcodeTarget = "xcode-target"
        case folder
    }

    /// Unique in a model: the project's path, `#`, the target's name (nothing for a folder).
    public var id: String
    public var name: String
    public var kind: Kind
    /// The declaring factory for SwiftPM (`target`, `testTarget`, …) or the product type
    /// for Xcode (`com.apple.product-type.application`, …).
    public var detail: String?
    /// The project that declares it (see `Project.path`).
    public var projectPath: String
    /// Absolute paths of its Swift files, sorted.
    public var files: [String]
    /// Ids of the modules it depends on directly, sorted.
    public var dependencies: [String]
    /// Dependencies named but not in the model (remote packages, missing targets).
    public var unresolvedDependencies: [String]
    /// Platform name (`iOS`, `macOS`, `tvOS`, `watchOS`, `visionOS`) → lowest version.
    public var deploymentTargets: [String: String]
}

/// A package, an Xcode project, a workspace or a plain folder.
public struct Project: Sendable {
    public enum Kind: String, Sendable {
        case swiftPackage = "swiftpm"
        case xcodeProject = "xcodeproj"
        case xcodeWorkspace = "xcworkspace"
        case folder
    }

    /// The package's folder, the `.xcodeproj`, the `.xcworkspace` or the folder.
    public var path: String
    public var kind: Kind
    public var name: String
    /// Ids of its modules, in declaration order (none for a workspace).
    public var moduleIDs: [String]
    /// For a workspace: the paths of the projects and packages it lists.
    public var members: [String]
}

/// A model's modules and files as numbers, while it has made `registrations`: `files`
/// sorted, and by module number (`numberByModule`, by id) its files as positions in
/// `files` and its dependencies in the model as module numbers.
private struct FileRanks {
    let registrations: Int
    let files: [String]
    let numberByModule: [String: Int]
    let filesByModule: [[Int32]]
    let dependenciesByModule: [[Int]]
}

/// Answers which modules a file belongs to and what they see.
public final class ProjectModel: @unchecked Sendable {
    private let lock = SpinningCondition()
    /// Directories the run was given: each is a project root for files below it.
    private let roots: Set<String>
    private var projectsByPath: [String: Project] = [:]
    private var modulesByID: [String: Module] = [:]
    private var ownersByFile: [String: [String]] = [:]
    private var probedDirectories: Set<String> = []
    private var probedWorkspaceDirectories: Set<String> = []
    private var reachableByDirectory: [String: [String]] = [:]
    private var ownersCache: [String: [String]] = [:]
    /// `visibleFiles(owners:)` as last worked out, with the count of registrations then:
    /// valid while no module or file has been added since.
    private var visibleByOwners: [[String]: (registrations: Int, files: [String], numbers: [Int32])] = [:]
    private var fileRanks: FileRanks?
    /// Per directory of a file asked about: its ancestors up to the repository root, the
    /// projects reachable from the first `n` of them (filled as far as a query went), and
    /// the project root its folder module falls back to. All files of a directory share
    /// them; each used to rebuild them.
    private var chainByDirectory: [String: Chain] = [:]
    /// Per directory: it and its ancestors up to the repository root, nearest first (a
    /// directory's list is its parent's with it in front), their workspaces read.
    private var ancestorsByDirectory: [String: [String]] = [:]
    /// Counts the modules registered and the files added to them, so that a query sees
    /// when a probe has changed what lists a file.
    private var registrations = 0
    /// Each package's manifest, read once: an Xcode project names a local package's
    /// products one by one, and each used to read and parse its `Package.swift` again.
    private var manifestsByDirectory: [String: PackageManifest?] = [:]
    /// Per directory: whether it holds `.git`, and whether it is a project root. Every file
    /// asks about each of its ancestors; the answers are read from disk once.
    private var gitByDirectory: [String: Bool] = [:]
    private var rootByDirectory: [String: Bool] = [:]

    /// Every directory listing and file type the model reads, once per model; file
    /// selection shares it, so that a run lists each directory once.
    public let fileSystem: FileSystemSnapshot

    /// `roots`: the directories a run was given (any form; made absolute here).
    public init(roots: [String] = [], fileSystem: FileSystemSnapshot = FileSystemSnapshot()) {
        self.roots = Set(roots.map { ProjectPaths.absolute($0) })
        self.fileSystem = fileSystem
    }

    // MARK: - Queries

    /// Ids of the modules the file at `path` belongs to, sorted; never empty (a file no
    /// manifest claims belongs to the folder module of its nearest project root).
    public func owners(ofFile path: String) -> [String] {
        lock.withLock {
            // The answers are kept by normal absolute path: a path found there is one, and is
            // not checked component by component again (a run asks about each file twice or
            // three times).
            if let cached = ownersCache[path] { return cached }
            return ownersLocked(ProjectPaths.absolute(path))
        }
    }

    /// Ids of the modules read so far that list the file, sorted, reading nothing more
    /// (unlike `owners(ofFile:)`, which may read projects and make a folder module).
    public func knownModules(ofFile path: String) -> [String] {
        lock.withLock { (ownersByFile[ProjectPaths.absolute(path)] ?? []).sorted() }
    }

    /// The module with this id, once a query has read its project.
    public func module(_ id: String) -> Module? {
        lock.withLock { modulesByID[id] }
    }

    /// The project at `path` (see `Project.path`), once a query has read it.
    public func project(_ path: String) -> Project? {
        lock.withLock { projectsByPath[path] }
    }

    /// Every project read so far, sorted by path.
    public var projects: [Project] {
        lock.withLock { projectsByPath.values.sorted { $0.path < $1.path } }
    }

    /// The files of the modules `ids` themselves, their dependencies left out: the files
    /// that may use what one of the modules declares (with the modules that depend on
    /// them). Sorted.
    public func ownFiles(of ids: [String]) -> [String] {
        lock.withLock { ProjectModel.union(ids.compactMap { modulesByID[$0]?.files }) }
    }

    /// The module and every module it depends on, transitively; sorted.
    public func visibleModules(of id: String) -> [String] {
        lock.withLock { closure(of: id) }
    }

    /// The files every compilation of a file owned by `owners` sees: for a file in
    /// several modules, only what all of them see. Sorted.
    /// Remembered until a module or file is added, so that the answer can be worked out
    /// ahead (while git answers) and asked again for free.
    public func visibleFiles(owners: [String]) -> [String] {
        lock.withLock { visibleLocked(owners).files }
    }

    /// Counts what the model has read (modules registered, files added to them): while it
    /// stays the same, every answer stays the same.
    public var generation: Int { lock.withLock { registrations } }

    /// Every file that some of these sets of modules sees (`visibleFiles(owners:)` of
    /// each), sorted: the files a run over them reads.
    public func filesVisible(toAnyOf ownersList: [[String]]) -> [String] {
        lock.withLock {
            let numbers = ownersList.map { visibleLocked($0).numbers }
            let ranks = fileRanksLocked()
            var seen = [Bool](repeating: false, count: ranks.files.count)
            for list in numbers { for number in list { seen[Int(number)] = true } }
            return seen.indices.filter { seen[$0] }.map { ranks.files[$0] }
        }
    }

    /// `visibleFiles(owners:)`, with the files' numbers in the current `fileRanks`.
    private func visibleLocked(_ owners: [String]) -> (files: [String], numbers: [Int32]) {
        // Gathered as positions in the list of all files: views share most of their
        // modules, and merging each view's lists of paths compared the same paths again.
        let ranks = fileRanksLocked()
        if let known = visibleByOwners[owners], known.registrations == registrations { return (known.files, known.numbers) }
        var common: [Int32]?
        for owner in owners {
            var seen: [Int32] = []
            var reached = [Bool](repeating: false, count: ranks.filesByModule.count)
            var pending = ranks.numberByModule[owner].map { [$0] } ?? []
            while let current = pending.popLast() {
                guard !reached[current] else { continue }
                reached[current] = true
                seen += ranks.filesByModule[current]
                pending += ranks.dependenciesByModule[current]
            }
            seen.sort()
            // A file in two modules of one closure is seen once.
            var write = 0
            for read in seen.indices where write == 0 || seen[read] != seen[write - 1] {
                seen[write] = seen[read]
                write += 1
            }
            seen.removeLast(seen.count - write)
            common = common.map { ProjectModel.intersection($0, seen) } ?? seen
        }
        let numbers = common ?? []
        let files = numbers.map { ranks.files[Int($0)] }
        visibleByOwners[owners] = (registrations, files, numbers)
        return (files, numbers)
    }

    /// Every file of the modules registered, sorted, and each module's files as positions
    /// in that list; made again once a module or file has been added.
    private func fileRanksLocked() -> FileRanks {
        if let known = fileRanks, known.registrations == registrations { return known }
        let modules = Array(modulesByID.values)
        let files = ProjectModel.union(modules.map(\.files))
        var rankOf: [String: Int32] = [:]
        rankOf.reserveCapacity(files.count)
        for (rank, file) in files.enumerated() { rankOf[file] = Int32(rank) }
        var numberByModule: [String: Int] = [:]
        numberByModule.reserveCapacity(modules.count)
        for (number, module) in modules.enumerated() { numberByModule[module.id] = number }
        let ranks = FileRanks(registrations: registrations, files: files, numberByModule: numberByModule,
                              filesByModule: modules.map { $0.files.compactMap { rankOf[$0] } },
                              dependenciesByModule: modules.map { $0.dependencies.compactMap { numberByModule[$0] } })
        fileRanks = ranks
        return ranks
    }

    /// Reads every project at or below `directory` (and those its files belong to above
    /// it), for `describe`.
    public func loadAll(under directory: String) {
        let start = ProjectPaths.absolute(directory)
        var pending = [start]
        var files: [String] = []
        while let current = pending.popLast() {
            lock.withLock { probe(current) }
            let children = fileSystem.children(of: current)
            for (name, type) in children.entries {
                let path = ProjectPaths.join(current, name)
                if name.hasSuffix(".swift") { files.append(path); continue }
                guard !name.hasPrefix("."), !ProjectPaths.skippedDirectoryNames.contains(name),
                      !ProjectPaths.isBundleWithoutSources(name),
                      fileSystem.isDirectory(entry: name, type: type, searchable: children.searchable, in: current, follow: false)
                else { continue }
                pending.append(path)
            }
        }
        for file in files.sorted() { _ = owners(ofFile: file) }
    }

    // MARK: - Finding a file's modules

    private struct Chain {
        /// The directory and its ancestors up to the repository root (the directory
        /// holding `.git`) or `/`, nearest first.
        var directories: [String]
        /// `eligible[n]`: the projects the first `n + 1` directories hold or list.
        var eligible: [Set<String>] = []
        /// The nearest of `directories` that is a root of the run or a project root, once
        /// a query has looked at them all.
        var fallback: String??
        /// How many of `directories`, nearest first, have been probed.
        var probed = 0
    }

    private func ownersLocked(_ file: String) -> [String] {
        if let cached = ownersCache[file] { return cached }
        let start = ProjectPaths.directory(of: file)
        var chain = chainLocked(from: start)
        defer { chainByDirectory[start] = chain }
        // Only projects the file's own ancestors hold (or list, for a workspace) count, so
        // the answer never depends on which other files were asked about first.
        // The modules listing the file, each with its project's path (read once, not at
        // every depth).
        func listing() -> [(id: String, projectPath: String?)] {
            (ownersByFile[file] ?? []).map { ($0, modulesByID[$0]?.projectPath) }
        }
        var listed = listing()
        var listedAt = registrations
        for (depth, directory) in chain.directories.enumerated() {
            if depth == chain.probed {
                probe(directory)
                chain.probed += 1
            }
            if depth == chain.eligible.count {
                var eligible = chain.eligible.last ?? []
                eligible.formUnion(projectsReachable(from: directory))
                chain.eligible.append(eligible)
            }
            // A probe may have read the project that lists the file.
            if listedAt != registrations {
                listed = listing()
                listedAt = registrations
            }
            guard !listed.isEmpty else { continue }
            let owners = listed.compactMap { owner in
                owner.projectPath.map(chain.eligible[depth].contains) == true ? owner.id : nil
            }
            if !owners.isEmpty {
                let sorted = owners.sorted()
                ownersCache[file] = sorted
                return sorted
            }
        }
        if chain.fallback == nil {
            chain.fallback = .some(chain.directories.first { roots.contains($0) || isProjectRoot($0) })
        }
        let id = folderModule(at: (chain.fallback ?? nil) ?? start, including: file)
        ownersCache[file] = [id]
        return [id]
    }

    /// The chain of `directory`, made (and its workspaces read) the first time.
    private func chainLocked(from directory: String) -> Chain {
        if let known = chainByDirectory[directory] { return known }
        return Chain(directories: ancestorsLocked(directory))
    }

    /// `directory` and its ancestors up to `/` or the first that holds `.git`, nearest
    /// first, made from its parent's (each directory's path is worked out once, not once
    /// per directory below it). Their workspaces are read farthest first: the packages a
    /// workspace lists resolve its projects' product dependencies.
    private func ancestorsLocked(_ directory: String) -> [String] {
        if let known = ancestorsByDirectory[directory] { return known }
        var directories = [directory]
        if directory != "/" && !holdsGit(directory) {
            directories += ancestorsLocked(ProjectPaths.directory(of: directory))
        }
        probeWorkspaces(directory)
        ancestorsByDirectory[directory] = directories
        return directories
    }

    private func holdsGit(_ directory: String) -> Bool {
        if let known = gitByDirectory[directory] { return known }
        let answer = fileSystem.exists(entry: ".git", in: directory)
        gitByDirectory[directory] = answer
        return answer
    }

    private func isProjectRoot(_ directory: String) -> Bool {
        if let known = rootByDirectory[directory] { return known }
        let answer = ProjectPaths.hasManifest(directory, in: fileSystem) || holdsGit(directory)
        rootByDirectory[directory] = answer
        return answer
    }

    /// Reads the manifests in `directory`: its workspaces, its package, its projects.
    private func probe(_ directory: String) {
        guard !probedDirectories.contains(directory), probedDirectories.insert(directory).inserted else { return }
        probeWorkspaces(directory)
        let names = fileSystem.entries(of: directory)
        if names.contains("Package.swift") { loadPackage(directory) }
        for name in names where name.hasSuffix(".xcodeproj") { loadXcodeProject(ProjectPaths.join(directory, name), packages: []) }
    }

    /// The paths of the projects in `directory` and of those its workspaces list.
    private func projectsReachable(from directory: String) -> [String] {
        if let known = reachableByDirectory[directory] { return known }
        var paths = [directory]  // a package, or a folder
        for name in fileSystem.entries(of: directory) where name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
            let path = ProjectPaths.join(directory, name)
            paths.append(path)
            paths += projectsByPath[path]?.members ?? []
        }
        reachableByDirectory[directory] = paths
        return paths
    }

    private func probeWorkspaces(_ directory: String) {
        guard probedWorkspaceDirectories.insert(directory).inserted else { return }
        for name in fileSystem.entries(of: directory) where name.hasSuffix(".xcworkspace") {
            loadWorkspace(ProjectPaths.join(directory, name))
        }
    }

    private func register(_ module: Module) {
        registrations += 1
        modulesByID[module.id] = module
        for file in module.files { ownersByFile[file, default: []].append(module.id) }
    }

    /// The union of sorted lists, sorted, each element once.
    public static func union(_ lists: [[String]]) -> [String] {
        var lists = lists.filter { !$0.isEmpty }
        while lists.count > 1 {
            var merged: [[String]] = []
            merged.reserveCapacity((lists.count + 1) / 2)
            var index = 0
            while index + 1 < lists.count {
                merged.append(union(lists[index], lists[index + 1]))
                index += 2
            }
            if index < lists.count { merged.append(lists[index]) }
            lists = merged
        }
        guard var only = lists.first else { return [] }
        // One list may still repeat an element.
        var write = 0
        for read in only.indices where write == 0 || only[read] != only[write - 1] {
            only[write] = only[read]
            write += 1
        }
        only.removeLast(only.count - write)
        return only
    }

    private static func union(_ a: [String], _ b: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        func append(_ element: String) {
            if result.last != element { result.append(element) }
        }
        while i < a.count && j < b.count {
            if a[i] < b[j] {
                append(a[i]); i += 1
            } else if b[j] < a[i] {
                append(b[j]); j += 1
            } else {
                append(a[i]); i += 1; j += 1
            }
        }
        while i < a.count { append(a[i]); i += 1 }
        while j < b.count { append(b[j]); j += 1 }
        return result
    }

    /// The elements two sorted lists without repeats have in common, sorted.
    static func intersection<Element: Comparable>(_ a: [Element], _ b: [Element]) -> [Element] {
        var result: [Element] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] {
                i += 1
            } else if b[j] < a[i] {
                j += 1
            } else {
                result.append(a[i]); i += 1; j += 1
            }
        }
        return result
    }

    private func closure(of id: String) -> [String] {
        var seen: Set<String> = []
        var pending = [id]
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            pending += modulesByID[current]?.dependencies ?? []
        }
        return seen.sorted()
    }

    // MARK: - SwiftPM

    /// Reads the package in `directory` (once) and the local packages it depends on.
    private func loadPackage(_ directory: String) {
        guard projectsByPath[directory] == nil else { return }
        guard let manifest = manifest(in: directory) else { return }
        let ids = manifest.targets.map { directory + "#" + $0.name }
        projectsByPath[directory] = Project(path: directory, kind: .swiftPackage,
                                            name: manifest.name ?? ProjectPaths.lastComponent(directory),
                                            moduleIDs: ids, members: [])
        var dependencyDirectories: [String: String] = [:]  // identity (lowercased) → directory
        for dependency in manifest.dependencies {
            guard let path = dependency.path else { continue }
            let resolved = ProjectPaths.resolve(path, against: directory)
            dependencyDirectories[dependency.identity.lowercased()] = resolved
            dependencyDirectories[ProjectPaths.lastComponent(resolved).lowercased()] = resolved
            loadPackage(resolved)
        }
        let targetNames = Set(manifest.targets.map(\.name))
        for target in manifest.targets {
            var dependencies: [String] = []
            var unresolved: [String] = []
            for dependency in target.dependencies {
                switch dependency {
                case .target(let name) where targetNames.contains(name), .byName(let name) where targetNames.contains(name):
                    dependencies.append(directory + "#" + name)
                case .target(let name):
                    unresolved.append(name)
                case .byName(let name):
                    let found = dependencyDirectories.values.sorted().lazy.compactMap { self.productModules(name, inPackage: $0) }.first
                    if let found { dependencies += found } else { unresolved.append(name) }
                case .product(let name, let package):
                    let packageDirectory = package.flatMap { dependencyDirectories[$0.lowercased()] }
                    if let packageDirectory, let found = productModules(name, inPackage: packageDirectory) {
                        dependencies += found
                    } else {
                        unresolved.append(package.map { "\($0)/\(name)" } ?? name)
                    }
                }
            }
            register(Module(id: directory + "#" + target.name, name: target.name, kind: .swiftPackageTarget,
                            detail: target.kind, projectPath: directory,
                            files: files(of: target, in: directory), dependencies: Array(Set(dependencies)).sorted(),
                            unresolvedDependencies: unresolved, deploymentTargets: manifest.deploymentTargets))
        }
    }

    /// The modules of product `name` of the package in `directory` (its targets, or the
    /// target of that name when no product has it); nil when the package has neither.
    /// The manifest of the package in `directory`; nil when it has no readable `Package.swift`.
    private func manifest(in directory: String) -> PackageManifest? {
        if let known = manifestsByDirectory[directory] { return known }
        let manifest = FileManager.default.contents(atPath: ProjectPaths.join(directory, "Package.swift"))
            .map { PackageManifest.readOnce(Array($0)) }
        manifestsByDirectory[directory] = manifest
        return manifest
    }

    private func productModules(_ name: String, inPackage directory: String) -> [String]? {
        loadPackage(directory)
        guard let manifest = manifest(in: directory) else { return nil }
        if let product = manifest.products.first(where: { $0.name == name }) {
            return product.targets.map { directory + "#" + $0 }
        }
        if manifest.targets.contains(where: { $0.name == name }) { return [directory + "#" + name] }
        return nil
    }

    /// A target's Swift files: below its folder, minus `exclude:`, limited to `sources:`,
    /// not entering nested packages.
    private func files(of target: PackageManifest.Target, in directory: String) -> [String] {
        let folder: String
        if let path = target.path {
            folder = ProjectPaths.resolve(path, against: directory)
        } else if let found = target.defaultPathCandidates.map({ ProjectPaths.join(directory, $0) }).first(where: fileSystem.isDirectory) {
            folder = found
        } else {
            return []
        }
        guard fileSystem.isDirectory(folder) else { return folder.hasSuffix(".swift") && fileSystem.exists(folder) ? [folder] : [] }
        let excluded = target.exclude.map { ProjectPaths.resolve($0, against: folder) }
        let sources = target.sources?.map { ProjectPaths.resolve($0, against: folder) }
        func within(_ file: String, _ base: String) -> Bool { file == base || file.hasPrefix(base + "/") }
        // The manifests are never a target's sources, even for a target at the package root.
        func isManifest(_ file: String) -> Bool {
            ProjectPaths.directory(of: file) == directory
                && (file.hasSuffix("/Package.swift") || ProjectPaths.lastComponent(file).hasPrefix("Package@swift-"))
        }
        return ProjectPaths.swiftFilesInWalkOrder(under: folder, in: fileSystem) { fileSystem.exists(entry: "Package.swift", in: $0) }.filter { file in
            !isManifest(file) && !excluded.contains { within(file, $0) } && (sources.map { $0.contains { within(file, $0) } } ?? true)
        }.sorted()
    }

    // MARK: - Xcode

    private func loadWorkspace(_ path: String) {
        guard projectsByPath[path] == nil, let workspace = XcodeWorkspace.read(path: path) else { return }
        projectsByPath[path] = Project(path: path, kind: .xcodeWorkspace,
                                       name: String(ProjectPaths.lastComponent(path).dropLast(".xcworkspace".count)),
                                       moduleIDs: [], members: workspace.references)
        let packages = workspace.references.filter { fileSystem.exists(entry: "Package.swift", in: $0) }
        for package in packages { loadPackage(package) }
        for reference in workspace.references where reference.hasSuffix(".xcodeproj") {
            loadXcodeProject(reference, packages: packages)
        }
    }

    /// Reads an Xcode project (once); `packages` are local package folders its targets'
    /// product dependencies may come from besides its own references (a workspace's).
    private func loadXcodeProject(_ path: String, packages: [String]) {
        guard projectsByPath[path] == nil else { return }
        guard let project = XcodeProject.read(path: path) else {
            projectsByPath[path] = Project(path: path, kind: .xcodeProject, name: ProjectPaths.lastComponent(path),
                                           moduleIDs: [], members: [])
            return
        }
        projectsByPath[path] = Project(path: path, kind: .xcodeProject, name: project.name,
                                       moduleIDs: project.targets.map { path + "#" + $0.name }, members: [])
        let localPackages = (project.localPackagePaths + packages).filter { fileSystem.exists(entry: "Package.swift", in: $0) }
        for package in localPackages { loadPackage(package) }
        let targetNames = Set(project.targets.map(\.name))
        for target in project.targets {
            var dependencies = target.dependencies.filter(targetNames.contains).map { path + "#" + $0 }
            var unresolved = target.dependencies.filter { !targetNames.contains($0) }
            for product in target.packageProducts {
                let candidates = product.localPackagePath.map { [$0] } ?? (product.isRemote ? [] : localPackages)
                if let found = candidates.lazy.compactMap({ self.productModules(product.name, inPackage: $0) }).first {
                    dependencies += found
                } else {
                    unresolved.append(product.name)
                }
            }
            var files = Set(target.sourceFiles)
            for folder in target.synchronizedFolders {
                for file in ProjectPaths.swiftFilesInWalkOrder(under: folder.path, in: fileSystem) {
                    if let relative = ProjectPaths.relative(file, to: folder.path), folder.includes(relative) { files.insert(file) }
                }
            }
            register(Module(id: path + "#" + target.name, name: target.name, kind: .xcodeTarget, detail: target.productType,
                            projectPath: path, files: files.sorted(), dependencies: Array(Set(dependencies)).sorted(),
                            unresolvedDependencies: unresolved, deploymentTargets: target.deploymentTargets))
        }
    }

    // MARK: - Folders

    /// The folder module of `directory`: its Swift files that no manifest claims, not
    /// entering nested project roots; `file` is always among them.
    private func folderModule(at directory: String, including file: String) -> String {
        let id = directory + "#"  // no target name: a folder module never collides with a target
        if modulesByID[id] != nil {
            // Files named one by one join in order: a search, not a sort per file.
            let place = modulesByID[id]!.files.partitionPoint { $0 < file }
            if place == modulesByID[id]!.files.endIndex || modulesByID[id]!.files[place] != file {
                modulesByID[id]!.files.insert(file, at: place)
                ownersByFile[file, default: []].append(id)
                registrations += 1
            }
            return id
        }
        var files = ProjectPaths.swiftFilesInWalkOrder(under: directory, in: fileSystem) { isProjectRoot($0) }
            .filter { ownersByFile[$0]?.isEmpty ?? true }.sorted()
        if !files.contains(file) { files = (files + [file]).sorted() }
        if projectsByPath[directory] == nil {
            projectsByPath[directory] = Project(path: directory, kind: .folder, name: ProjectPaths.lastComponent(directory),
                                                moduleIDs: [id], members: [])
        } else if projectsByPath[directory]?.kind == .swiftPackage || projectsByPath[directory]?.kind == .folder {
            projectsByPath[directory]?.moduleIDs.append(id)
        }
        register(Module(id: id, name: ProjectPaths.lastComponent(directory), kind: .folder, detail: "files no manifest claims", projectPath: directory,
                        files: files, dependencies: [], unresolvedDependencies: [], deploymentTargets: [:]))
        return id
    }
}
