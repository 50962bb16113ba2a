// Which files a run reads: paths walked for `*.swift` in a fixed order, minus hidden and
// build directories, .gitignore'd files and excludes; or the files git says changed.
import Codemod
import Glibc

/// A path the run was asked about but cannot process, with the reason shown to the user.
struct SkippedFile: Sendable {
    var path: String
    var reason: String
}

/// The outcome of file selection.
struct FileSelection {
    /// Display paths, sorted and without duplicates.
    var files: [String] = []
    /// Paths that could not be taken (missing, dangling symlinks): they make the run exit 3.
    var problems: [SkippedFile] = []
    /// Things worth saying that are not errors, such as a directory without Swift files.
    var notes: [String] = []
    /// How many files `--exclude` or .gitignore removed.
    var excludedCount = 0
}

/// Finds the Swift files a run covers.
struct Discovery {
    /// Directory names never walked into (named explicitly, they are still walked).
    static let skippedDirectoryNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"]

    var excludes: [Glob] = []
    var respectsGitignore = true

    /// Expands `paths` (files and directories, as given) into the files to process.
    func select(_ paths: [String]) -> FileSelection {
        var selection = FileSelection()
        var explicitFiles: [String] = []
        var walkedFiles: [String] = []
        for given in paths {
            let path = FilePath.display(given)
            switch FileKind.of(path) {
            case .missing:
                selection.problems.append(SkippedFile(path: path, reason: "no such file or directory"))
            case .danglingSymlink:
                selection.problems.append(SkippedFile(path: path, reason: "dangling symlink"))
            case .directory:
                let before = walkedFiles.count
                walk(path, into: &walkedFiles, problems: &selection.problems)
                if walkedFiles.count == before { selection.notes.append("\(path): no Swift files found") }
            case .regularFile:
                explicitFiles.append(path)
            case .other:
                selection.problems.append(SkippedFile(path: path, reason: "not a regular file"))
            }
        }
        if respectsGitignore {
            let ignored = Discovery.gitignored(walkedFiles)
            if !ignored.isEmpty {
                selection.excludedCount += ignored.count
                walkedFiles.removeAll { ignored.contains($0) }
            }
        }
        var taken = Set<String>()
        for path in explicitFiles + walkedFiles where !taken.contains(path) {
            if isExcluded(path) { selection.excludedCount += 1; continue }
            taken.insert(path)
        }
        selection.files = taken.sorted(by: Discovery.pathOrder)
        selection.problems.sort { Discovery.pathOrder($0.path, $1.path) }
        return selection
    }

    /// The Swift files git reports as changed since `revision` (plus untracked ones),
    /// limited to `paths`.
    func selectChanged(since revision: String, within paths: [String]) -> Result<FileSelection, UsageError> {
        guard GitRepository.executable != nil else {
            return .failure(UsageError("--changed-since needs git, and no `git` was found on PATH"))
        }
        guard let repository = GitRepository.containing(FilePath.currentDirectory) else {
            return .failure(UsageError("--changed-since needs a git work tree (the current directory is not in one)"))
        }
        let names: [String]
        switch repository.changedFiles(since: revision) {
        case .success(let list): names = list
        case .failure(let error): return .failure(UsageError("--changed-since \(revision): \(error.message)"))
        }
        let roots = paths.map { FilePath.canonical($0) }
        var selection = FileSelection()
        var taken = Set<String>()
        for name in names where name.hasSuffix(".swift") {
            let absolute = repository.topLevel + "/" + name
            guard roots.contains(where: { $0 == absolute || FilePath.relative(absolute, to: $0) != nil }) else { continue }
            guard FileKind.of(absolute) == .regularFile else { continue }
            let path = FilePath.relative(absolute, to: FilePath.currentDirectory) ?? absolute
            if isExcluded(path) { selection.excludedCount += 1; continue }
            taken.insert(path)
        }
        selection.files = taken.sorted(by: Discovery.pathOrder)
        return .success(selection)
    }

    /// Whether a command-line exclude matches `path` (taken relative to the working
    /// directory).
    func isExcluded(_ path: String) -> Bool {
        guard !excludes.isEmpty else { return false }
        let relative = FilePath.relative(FilePath.absolute(path), to: FilePath.currentDirectory) ?? path
        return excludes.contains { $0.matches(relative) }
    }

    /// Byte order of the UTF-8 paths: the same on every machine and locale.
    static func pathOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    // MARK: - Walking

    private func walk(_ directory: String, into files: inout [String], problems: inout [SkippedFile]) {
        guard let handle = opendir(directory) else {
            problems.append(SkippedFile(path: directory, reason: "cannot read directory: \(String(cString: strerror(errno)))"))
            return
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(handle)
        names.sort(by: Discovery.pathOrder)
        for name in names {
            let path = FilePath.join(directory, name)
            switch FileKind.of(path) {
            case .directory:
                // A symlink to a directory is not followed: no cycles, no walking out of the tree.
                if Discovery.skippedDirectoryNames.contains(name) || FileKind.isSymlink(path) || isExcluded(path) { continue }
                walk(path, into: &files, problems: &problems)
            case .regularFile:
                if name.hasSuffix(".swift") { files.append(path) }
            case .danglingSymlink:
                if name.hasSuffix(".swift") { problems.append(SkippedFile(path: path, reason: "dangling symlink")) }
            case .missing, .other:
                continue
            }
        }
    }

    /// The paths among `files` that .gitignore excludes, asked of git once per work tree.
    private static func gitignored(_ files: [String]) -> Set<String> {
        guard !files.isEmpty, let repository = GitRepository.containing(FilePath.currentDirectory)
                ?? GitRepository.containing(FilePath.canonical(FilePath.directory(of: files[0]))) else { return [] }
        var byRelative: [String: String] = [:]
        var canonicalDirectories: [String: String] = [:]
        for path in files {
            let directory = FilePath.directory(of: path)
            let canonicalDirectory = canonicalDirectories[directory] ?? FilePath.canonical(directory)
            canonicalDirectories[directory] = canonicalDirectory
            let absolute = canonicalDirectory + "/" + FilePath.fileName(path)
            if let relative = FilePath.relative(absolute, to: repository.topLevel) { byRelative[relative] = path }
        }
        let ignored = repository.ignored(byRelative.keys.sorted())
        return Set(ignored.compactMap { byRelative[$0] })
    }
}

/// What a path names on disk, looking through one level of symlink.
enum FileKind: Equatable {
    case missing, danglingSymlink, directory, regularFile, other

    static func of(_ path: String) -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard stat(path, &info) == 0 else { return .danglingSymlink }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
