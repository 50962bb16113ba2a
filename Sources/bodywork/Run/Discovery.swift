// Which files a run reads: paths walked for `*.swift` in a fixed order, minus hidden and
// build directories, .gitignore'd files and excludes; or the files git says changed.
import Codemod
import Dispatch
import Patch
import Project
import Settings
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Runtime

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
    /// Hidden temporaries of atomic writes seen in the directories walked (a run killed
    /// outright leaves them): `Runner` removes the stale ones.
    var temporaries: [String] = []
}

/// Finds the Swift files a run covers.
struct Discovery {
    /// Directory names never walked into (named explicitly, they are still walked).
    static let skippedDirectoryNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"]

    var excludes: [Glob] = []
    var respectsGitignore = true
    /// Where the listings read by the walk are kept for the project model, which reads
    /// the same directories; nil to keep nothing.
    var fileSystem: FileSystemSnapshot?
    /// Told the files as they are found, a directory's at a time (before git is asked
    /// which files it ignores), then told the walk is over, with an empty list.
    var onFound: (([String]) -> Void)?
    /// Run on this thread, with the files found, while git says which of them it
    /// ignores: work the run does next anyway, so that the wait for git is not idle.
    var whileAskingGit: (([String]) -> Void)?

    /// Expands `paths` (files and directories, as given) into the files to process.
    ///
    /// A symlink met while walking a directory is followed only when its target lies
    /// inside one of `paths`: a link out of the tree is named as skipped, never read or
    /// written through. A file named on the command line is taken wherever it points.
    func select(_ paths: [String]) -> FileSelection {
        var selection = FileSelection()
        var explicitFiles: [String] = []
        var walkedFiles: [String] = []
        // The walked directories resolved through symlinks, for .gitignore: a directory the
        // walk enters is never a link, so below a given path each is its parent's + name.
        var canonicalDirectories: [String: String] = [:]
        // The inode each walked file's directory records for it.
        var recordedInodes: [String: UInt64] = [:]
        // Which work tree the working directory is in is asked of git while the walk runs:
        // starting git takes longer than walking most trees.
        var repository: BackgroundAnswer<GitRepository?>?
        // Found without git where nothing but a `.git` directory decides it; then the
        // ignore files may settle the question with no git process at all.
        var workTree: String?
        var soughtWorkTree = false
        let roots = paths.map { FilePath.canonical($0) }
        for given in paths {
            let path = FilePath.display(given)
            switch FileKind.of(path) {
            case .missing:
                let reason = path.contains("\u{FFFD}") ? "name is not valid UTF-8 (bodywork takes UTF-8 paths only)"
                                                       : "no such file or directory"
                selection.problems.append(SkippedFile(path: path, reason: reason))
            case .inaccessible(let code):
                selection.problems.append(SkippedFile(path: path, reason: FileKind.describe(code)))
            case .danglingSymlink:
                selection.problems.append(SkippedFile(path: path, reason: "dangling symlink"))
            case .directory:
                if respectsGitignore && !soughtWorkTree {
                    soughtWorkTree = true
                    workTree = GitIgnoreProof.workTree(containing: FilePath.currentDirectory, environment: GitIgnoreProof.environment)
                    if workTree == nil { repository = BackgroundAnswer { GitRepository.containing(FilePath.currentDirectory) } }
                }
                let before = walkedFiles.count
                var walk = Walk(roots: roots, files: walkedFiles, problems: selection.problems,
                                canonicalDirectories: canonicalDirectories, recordedInodes: recordedInodes)
                self.walk(path, canonical: FilePath.canonical(path), &walk)
                selection.temporaries += walk.temporaries
                (walkedFiles, selection.problems, canonicalDirectories) = (walk.files, walk.problems, walk.canonicalDirectories)
                recordedInodes = walk.recordedInodes
                if walkedFiles.count == before { selection.notes.append("\(path): no Swift files found") }
            case .regularFile:
                explicitFiles.append(path)
                if let onFound, !isExcluded(path) { onFound([path]) }
            case .other:
                selection.problems.append(SkippedFile(path: path, reason: "not a regular file"))
            }
        }
        onFound?([])
        if respectsGitignore {
            let found = explicitFiles + walkedFiles
            let ignored = Discovery.gitignored(walkedFiles, canonicalDirectories: canonicalDirectories,
                                               workTree: workTree, around: repository, fileSystem: fileSystem,
                                               meanwhile: { whileAskingGit?(found.filter { !isExcluded($0) }) })
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
        selection.files = Discovery.onePathPerFile(taken.sorted(by: Discovery.pathOrder), recordedInodes: recordedInodes)
        selection.problems.sort { Discovery.pathOrder($0.path, $1.path) }
        return selection
    }

    /// `paths` (in order) without later names of a file already named: through a
    /// symlink, a hard link or `a/../a`, one file is processed once, whatever `--jobs` is.
    ///
    /// `recordedInodes`: the inode a directory listing recorded for some of the paths (a
    /// walked regular file's `d_ino`, its own `st_ino`). A path whose recorded inode no
    /// other path shares, and that no looked-at path turns out to share either, is no other
    /// path's file: only the rest are looked at with `stat` (in a tree without links,
    /// none, where each file took a system call).
    static func onePathPerFile(_ paths: [String], recordedInodes: [String: UInt64] = [:]) -> [String] {
        let recorded = paths.map { path in recordedInodes[path].flatMap { $0 == 0 ? nil : $0 } }
        var pathsByInode: [UInt64: Int] = [:]
        for case let inode? in recorded { pathsByInode[inode, default: 0] += 1 }
        // Each path's recorded inode when no other path's is the same.
        let unique = recorded.map { inode in inode.flatMap { pathsByInode[$0] == 1 ? $0 : nil } }
        var identities = [FileIdentity?](filling: nil, count: paths.count)
        func lookUp(_ index: Int) {
            var info = stat()
            if stat(paths[index], &info) == 0 { identities[index] = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) }
        }
        var inodesLookedAt = Set<UInt64>()
        for index in paths.indices where unique[index] == nil {
            lookUp(index)
            if let identity = identities[index] { inodesLookedAt.insert(identity.inode) }
        }
        // A link or another spelling looked at may name a file whose own path was not.
        if !inodesLookedAt.isEmpty {
            for index in paths.indices {
                if let inode = unique[index], inodesLookedAt.contains(inode) { lookUp(index) }
            }
        }
        var seen = Set<FileIdentity>()
        return paths.indices.filter { index in
            guard let identity = identities[index] else { return true }
            return seen.insert(identity).inserted
        }.map { paths[$0] }
    }

    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
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
            guard Discovery.isInside(absolute, roots: roots) else { continue }
            guard FileKind.of(absolute) == .regularFile else { continue }
            if FileKind.isSymlink(absolute), !Discovery.isInside(FilePath.canonical(absolute), roots: roots) {
                selection.problems.append(SkippedFile(path: FilePath.relative(absolute, to: FilePath.currentDirectory) ?? absolute,
                                                      reason: "symlink to a file outside the paths given (not followed)"))
                continue
            }
            let path = FilePath.relative(absolute, to: FilePath.currentDirectory) ?? absolute
            if isExcluded(path) { selection.excludedCount += 1; continue }
            taken.insert(path)
        }
        selection.files = Discovery.onePathPerFile(taken.sorted(by: Discovery.pathOrder))
        selection.problems.sort { Discovery.pathOrder($0.path, $1.path) }
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
        // Compared as contiguous bytes where the strings have them (native strings do):
        // element by element through the UTF-8 views cost most of the sort.
        let fast = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Bool in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
        if let fast, let answer = fast { return answer }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    // MARK: - Walking

    /// What a walk gathers.
    private struct Walk {
        var roots: [String]
        var files: [String]
        var problems: [SkippedFile]
        var canonicalDirectories: [String: String]
        var recordedInodes: [String: UInt64]
        var temporaries: [String] = []
    }

    private func walk(_ directory: String, canonical: String, _ walk: inout Walk) {
        walk.canonicalDirectories[directory] = canonical
        // The model reads the same directories: the listing is kept for it, under the
        // absolute path it will ask with. A path with `..` is not made absolute by text (a
        // link before the `..` would make that another directory), so it is read alone.
        let listing = fileSystem.flatMap { fileSystem in
            Discovery.hasParentComponent(directory) ? nil : fileSystem.listing(of: FilePath.absolute(directory), openingAt: directory)
        } ?? FileSystemSnapshot.list(directory)
        guard listing.openError == 0 else {
            walk.problems.append(SkippedFile(path: directory, reason: "cannot read directory: \(String(cString: strerror(listing.openError)))"))
            return
        }
        // Listable but not searchable (`r` without `x`): its entries cannot be looked at.
        guard listing.searchError == 0 else {
            walk.problems.append(SkippedFile(path: directory, reason: "cannot enter directory: \(String(cString: strerror(listing.searchError)))"))
            return
        }
        var names: [(name: String, type: UInt8, inode: UInt64)] = []
        for entry in listing.entries {
            let bytes = entry.name
            if bytes.first == UInt8(ascii: ".") {
                if TemporaryFiles.isTemporaryName(bytes) {
                    walk.temporaries.append(FilePath.join(directory, String(decoding: bytes, as: UTF8.self)))
                }
                continue
            }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // Such a name cannot be handed on as a path; say so rather than lose the file.
                if Discovery.mayHoldSwift(bytes, type: entry.type) {
                    walk.problems.append(SkippedFile(path: FilePath.join(directory, Discovery.escaped(bytes)),
                                                reason: "name is not valid UTF-8 (bodywork takes UTF-8 paths only)"))
                }
                continue
            }
            names.append((name, entry.type, entry.inode))
        }
        names.sort { Discovery.pathOrder($0.name, $1.name) }
        // Told a directory's files at once (those before a subdirectory first): each
        // telling takes the reader's lock.
        var found: [String] = []
        defer { if !found.isEmpty { onFound?(found) } }
        for (name, type, inode) in names {
            let path = FilePath.join(directory, name)
            // The type the directory records settles most entries without a `stat`: a
            // directory or a regular file recorded as such is no symlink. Links, unknown
            // types and paths too long to look at are asked of the system.
            let recorded = path.utf8.count < Int(PATH_MAX) - 1 ? Discovery.kind(recorded: type) : nil
            switch recorded ?? FileKind.of(path) {
            case .directory:
                // A symlink to a directory is not followed: no cycles, no walking out of the tree.
                if Discovery.skippedDirectoryNames.contains(name) || ProjectPaths.isBundleWithoutSources(name)
                    || (recorded == nil && FileKind.isSymlink(path)) || isExcluded(path) {
                    continue
                }
                if !found.isEmpty {
                    onFound?(found)
                    found.removeAll(keepingCapacity: true)
                }
                self.walk(path, canonical: ProjectPaths.join(canonical, name), &walk)
            case .regularFile:
                guard name.hasSuffix(".swift") else { continue }
                if recorded == nil, FileKind.isSymlink(path), !Discovery.isInside(FilePath.canonical(path), roots: walk.roots) {
                    walk.problems.append(SkippedFile(path: path, reason: "symlink to a file outside the paths given (not followed)"))
                    continue
                }
                walk.files.append(path)
                // Recorded as a regular file, the entry is no link: its inode is the file's.
                if recorded != nil, inode != 0 { walk.recordedInodes[path] = inode }
                if onFound != nil, !isExcluded(path) { found.append(path) }
            case .danglingSymlink:
                if name.hasSuffix(".swift") { walk.problems.append(SkippedFile(path: path, reason: "dangling symlink")) }
            case .inaccessible(let code):
                if name.hasSuffix(".swift") || code != EACCES {
                    walk.problems.append(SkippedFile(path: path, reason: FileKind.describe(code)))
                }
            case .missing, .other:
                continue
            }
        }
    }

    /// What an entry whose directory records `type` is, when that settles it: a directory
    /// or a regular file is no symlink, and a device, socket or pipe is `.other`.
    private static func kind(recorded type: UInt8) -> FileKind? {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .regularFile
        case Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK): return .other
        default: return nil
        }
    }

    /// Whether `path` has a `..` component (read as bytes: any `..` between slashes).
    private static func hasParentComponent(_ path: String) -> Bool {
        var length = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 2 && dots == 2 { return true }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length == 2 && dots == 2
    }

    /// Whether the absolute `path` is one of `roots` or lies below one.
    static func isInside(_ path: String, roots: [String]) -> Bool {
        roots.contains { $0 == path || FilePath.relative(path, to: $0) != nil }
    }

    /// An entry that could be, or could hold, a Swift file: a directory, a symlink or an
    /// unknown type, or a name ending in `.swift`.
    private static func mayHoldSwift(_ name: [UInt8], type: UInt8) -> Bool {
        if name.count >= 6 && name.suffix(6).elementsEqual(".swift".utf8) { return true }
        return type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN)
    }

    /// A byte name shown with its invalid bytes as `\xNN`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            var length = 1
            while length <= 4, index + length <= bytes.count {
                if let scalar = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                    text += scalar
                    break
                }
                length += 1
            }
            if length > 4 || index + length > bytes.count {
                text += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                length = 1
            }
            index += length
        }
        return text
    }

    /// The paths among `files` that .gitignore excludes, asked of git once per work tree
    /// unless the ignore files show that none is. `workTree`: the top of the working
    /// directory's work tree when found without git; `lookup`: git's answer to that
    /// question, when already asked for; `fileSystem`: the listings the walk read, which
    /// say where there is no ignore file to read; `meanwhile` runs here while git answers
    /// (not at all when git is not asked).
    private static func gitignored(_ files: [String], canonicalDirectories: [String: String], workTree: String?,
                                   around lookup: BackgroundAnswer<GitRepository?>?, fileSystem: FileSystemSnapshot?,
                                   meanwhile: () -> Void) -> Set<String> {
        guard !files.isEmpty else { return [] }
        guard let repository = workTree.map(GitRepository.init(topLevel:))
                ?? (lookup.map { $0.value } ?? GitRepository.containing(FilePath.currentDirectory))
                ?? GitRepository.containing(FilePath.canonical(FilePath.directory(of: files[0]))) else { return [] }
        // The walk gives files directory by directory: each directory's place in the work
        // tree is worked out once, and the files' own paths only if git is asked.
        var canonicalDirectories = canonicalDirectories
        var groups: [(relative: String, names: [Substring], paths: [String])] = []
        var groupOfDirectory: [String: Int?] = [:]
        for path in files {
            let directory = FilePath.directory(of: path)
            let known = groupOfDirectory[directory]
            let group: Int?
            if let known {
                group = known
            } else {
                let canonicalDirectory = canonicalDirectories[directory] ?? FilePath.canonical(directory)
                canonicalDirectories[directory] = canonicalDirectory
                group = FilePath.relative(canonicalDirectory, to: repository.topLevel).map { relative in
                    groups.append((relative, [], []))
                    return groups.count - 1
                }
                groupOfDirectory[directory] = .some(group)
            }
            guard let group else { continue }
            groups[group].names.append(FilePath.fileName(path))
            groups[group].paths.append(path)
        }
        if workTree != nil, GitIgnoreProof.ignoresNone(directories: groups.map { ($0.relative, $0.names) },
                                                       topLevel: repository.topLevel, environment: GitIgnoreProof.environment,
                                                       knownEntry: fileSystem.map { $0.knownEntry(_:in:) }) {
            return []
        }
        var byRelative: [String: String] = [:]
        for group in groups {
            for (name, path) in zip(group.names, group.paths) {
                byRelative[group.relative.isEmpty ? String(name) : group.relative + "/" + name] = path
            }
        }
        let relative = byRelative.keys.sorted()
        let ignored = BackgroundAnswer { repository.ignored(relative) }
        meanwhile()
        return Set(ignored.value.compactMap { byRelative[$0] })
    }
}

/// A value worked out on another thread from the moment this is made; `value` waits for it.
private final class BackgroundAnswer<Value>: @unchecked Sendable {
    private let answered = DispatchSemaphore(value: 0)
    private var found: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        HelperThreads.shared.run {
            self.found = work()
            self.answered.signal()
        }
    }

    var value: Value {
        answered.wait()
        answered.signal()
        return found!
    }
}

/// What a path names on disk, looking through symlinks.
enum FileKind: Equatable {
    case missing, danglingSymlink, directory, regularFile, other
    /// The path cannot be looked at: `errno` says why (permission, a symlink loop, a
    /// name longer than the system allows).
    case inaccessible(Int32)

    static func of(_ path: String) -> FileKind {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .inaccessible(errno)
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard stat(path, &info) == 0 else {
                return errno == ENOENT || errno == ENOTDIR ? .danglingSymlink : .inaccessible(errno)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// The reason shown for an `.inaccessible` path.
    static func describe(_ code: Int32) -> String {
        switch code {
        case ELOOP: return "symlink loop"
        case ENAMETOOLONG: return "path longer than the system allows"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
