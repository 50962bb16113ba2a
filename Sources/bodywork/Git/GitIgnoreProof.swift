// Settling without git that .gitignore excludes none of a run's files. Starting git and
// reading its index costs a small run more than its whole walk; when no ignore pattern
// of the work tree could match any walked file, git's answer is known to be "none". The
// proof reads every source of patterns git reads and matches them loosely: a pattern
// matches here wherever it could match in git (and in more places), so "none" is only
// ever said when git would say it too. Whatever the proof cannot read or understand
// (an environment variable that moves the repository, an include in a config file, a
// pattern with an escape) sends the question to git.
import Foundation
import Patch
import Project
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

enum GitIgnoreProof {
    /// The process's environment, which decides where git looks for config and patterns.
    static let environment = ProcessEnvironment.variables

    /// The top of the work tree holding the absolute, canonical `directory`, found as git
    /// finds it: the nearest directory above with a `.git` repository directory, on the
    /// same file system. Nil whenever git could see it otherwise: a `GIT_` variable in
    /// `environment` that may move it, a `.git` file (worktree, submodule) or link, an
    /// incomplete repository directory, a file system boundary, or `directory` inside a
    /// `.git`.
    static func workTree(containing directory: String, environment: [String: String]) -> String? {
        guard directory.hasPrefix("/"), !environment.keys.contains(where: GitIgnoreProof.mayMoveRepository) else { return nil }
        guard !directory.split(separator: "/").contains(".git") else { return nil }
        var start = stat()
        guard stat(directory, &start) == 0 else { return nil }
        var current = directory
        while true {
            var info = stat()
            let entry = (current == "/" ? "" : current) + "/.git"
            if lstat(entry, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR, isRepository(entry) else { return nil }
                return current
            }
            guard errno == ENOENT, current != "/" else { return nil }
            let parent = FilePath.directory(of: current)
            let up = parent == "." ? "/" : parent
            var parentInfo = stat()
            // Git stops at a mount point unless told otherwise; so does the proof.
            guard stat(up, &parentInfo) == 0, parentInfo.st_dev == start.st_dev else { return nil }
            current = up
        }
    }

    /// Whether no file of `files` (paths relative to `topLevel`, through no symlink) can
    /// be ignored by git: false when one may be, or when a source of patterns cannot be
    /// read or understood.
    static func ignoresNone(_ files: [String], topLevel: String, environment: [String: String]) -> Bool {
        var byDirectory: [String: [Substring]] = [:]
        for file in files {
            let slash = ProjectPaths.lastSlash(file)
            let directory = slash.map { String(file[..<$0]) } ?? ""
            byDirectory[directory, default: []].append(slash.map { file[file.index(after: $0)...] } ?? Substring(file))
        }
        return ignoresNone(directories: byDirectory.map { ($0.key, $0.value) }, topLevel: topLevel, environment: environment)
    }

    /// `ignoresNone(_:topLevel:environment:)` of the files named by directory (relative to
    /// `topLevel`, `""` for the top) and the names in each. `knownEntry`: whether a
    /// directory (absolute) holds an entry of a name, where the run's listings already
    /// say (a `.gitignore` they do not show is not opened).
    static func ignoresNone(directories byDirectory: [(directory: String, names: [Substring])], topLevel: String,
                            environment: [String: String], knownEntry: ((String, String) -> Bool?)? = nil) -> Bool {
        guard var sources = PatternSources(topLevel: topLevel, environment: environment) else { return false }
        sources.knownEntry = knownEntry
        var directoryMayBeIgnored: [String: Bool] = ["": false]
        /// Whether git may ignore `directory` (and so all below it); nil when a pattern
        /// file cannot be read.
        func mayBeIgnored(directory: String) -> Bool? {
            if let known = directoryMayBeIgnored[directory] { return known }
            let parent = PatternSources.parent(of: directory)
            guard let parentIgnored = mayBeIgnored(directory: parent) else { return nil }
            var answer = parentIgnored
            if !answer {
                // The patterns of the directories above it; the top's include those of
                // info/exclude and the user's ignore files.
                guard let bases = sources.patterns(below: parent) else { return nil }
                let path = Pattern.lowercased(directory)[...]
                let name = path[(path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0)...]
                answer = bases.contains { base in
                    base.patterns.contains { $0.mayMatch(path[base.offset...], name: name, isDirectory: true) }
                }
            }
            directoryMayBeIgnored[directory] = answer
            return answer
        }
        // Matching is patterns × files: past this many, git (in C, once) is the cheaper
        // way to the answer (a monorepo's ignore file of thousands of lines).
        var budget = GitIgnoreProof.matchBudget
        for (directory, names) in byDirectory {
            guard let ignored = mayBeIgnored(directory: directory), !ignored,
                  let bases = sources.patterns(below: directory) else { return false }
            budget -= names.count * bases.reduce(0) { $0 + $1.patterns.count }
            guard budget >= 0 else { return false }
            var prefix = Pattern.lowercased(directory)
            if !prefix.isEmpty { prefix.append(UInt8(ascii: "/")) }
            // One buffer for the directory's paths: the prefix, then each name in turn.
            var buffer = prefix
            for name in names {
                buffer.removeSubrange(prefix.count...)
                Pattern.appendLowercased(name, to: &buffer)
                let path = buffer[...]
                let nameSlice = path[prefix.count...]
                for base in bases where base.patterns.contains(where: { $0.mayMatch(path[base.offset...], name: nameSlice,
                                                                                    isDirectory: false) }) {
                    return false
                }
            }
        }
        return true
    }

    /// The pattern-file matches the proof makes at most before leaving the answer to git.
    static let matchBudget = 2_000_000

    /// Whether a variable may change where git finds the repository, its config or its
    /// patterns: any `GIT_` variable but those known to be about other things
    /// (transport, identities, editors, tracing).
    static func mayMoveRepository(_ name: String) -> Bool {
        guard name.hasPrefix("GIT_") else { return false }
        let harmless = ["GIT_SSL_", "GIT_SSH", "GIT_HTTP_", "GIT_CURL_", "GIT_PROXY_", "GIT_ASKPASS", "GIT_TERMINAL_PROMPT",
                        "GIT_AUTHOR_", "GIT_COMMITTER_", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_TRACE",
                        "GIT_LFS_", "GIT_FLUSH", "GIT_MERGE_", "GIT_PS1_"]
        return !harmless.contains { name.hasPrefix($0) }
    }

    /// Whether `path` looks like a repository directory to git: `HEAD`, `objects/`, `refs/`.
    private static func isRepository(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "/HEAD", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && stat(path + "/objects", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            && stat(path + "/refs", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    // MARK: - Sources of patterns

    /// The `.gitignore` files of a work tree, read once per directory.
    private struct PatternSources {
        let topLevel: String
        /// The patterns of info/exclude and the user's ignore files.
        let common: [Pattern]
        /// Per directory relative to the top (`""` for the top): `patterns(below:)`.
        var applicable: [String: [(offset: Int, patterns: [Pattern])]?] = [:]
        /// See `ignoresNone(directories:topLevel:environment:knownEntry:)`.
        var knownEntry: ((String, String) -> Bool?)?

        /// Nil when the patterns outside `.gitignore` files cannot all be read.
        init?(topLevel: String, environment: [String: String]) {
            guard let common = PatternSources.commonPatterns(topLevel: topLevel, environment: environment) else { return nil }
            self.topLevel = topLevel
            self.common = common
        }

        /// The patterns that apply below the top besides `.gitignore` files: the
        /// repository's `info/exclude`, the user's default ignore file and every file a
        /// config names as `core.excludesFile` (all of them, whichever git would pick).
        /// Nil when a config includes another, moves the work tree, names an excludes
        /// file in a way not read here, or cannot be read.
        private static func commonPatterns(topLevel: String, environment: [String: String]) -> [Pattern]? {
            let gitDirectory = topLevel + "/.git"
            guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
            let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            let configFiles = [gitDirectory + "/config", gitDirectory + "/config.worktree", home + "/.gitconfig",
                               configHome + "/git/config"] + GitIgnoreProof.systemConfigFiles
            var ignoreFiles = [gitDirectory + "/info/exclude", configHome + "/git/ignore"]
            for file in configFiles {
                switch GitIgnoreProof.contents(of: file) {
                case .missing: continue
                case .unreadable: return nil
                case .bytes(let bytes):
                    let text = String(decoding: bytes, as: UTF8.self).lowercased()
                    if text.contains("include") || text.contains("worktree") { return nil }
                    guard text.contains("excludesfile") else { continue }
                    for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    where line.lowercased().contains("excludesfile") {
                        guard let named = GitIgnoreProof.excludesFile(in: line, home: home, topLevel: topLevel) else { return nil }
                        ignoreFiles.append(named)
                    }
                }
            }
            var patterns: [Pattern] = []
            for file in ignoreFiles {
                guard let read = GitIgnoreProof.patterns(in: file) else { return nil }
                patterns += read
            }
            return patterns
        }

        /// The patterns that apply to paths below `directory`: its `.gitignore`'s and
        /// those of each directory above it (the top's with `common`), each with the
        /// offset of its directory's part in a path relative to the top; nil when one
        /// cannot be read.
        mutating func patterns(below directory: String) -> [(offset: Int, patterns: [Pattern])]? {
            if let known = applicable[directory] { return known }
            var result: [(offset: Int, patterns: [Pattern])] = []
            if !directory.isEmpty {
                guard let above = patterns(below: PatternSources.parent(of: directory)) else {
                    applicable[directory] = .some(nil)
                    return nil
                }
                result = above
            }
            let path = directory.isEmpty ? topLevel : topLevel + "/" + directory
            // Most directories have no ignore file: where the listing shows none, it is not opened.
            let own = knownEntry?(".gitignore", path) == false ? [] : GitIgnoreProof.patterns(in: path + "/.gitignore")
            guard let own else {
                applicable[directory] = .some(nil)
                return nil
            }
            let patterns = directory.isEmpty ? common + own : own
            if !patterns.isEmpty { result.append((directory.isEmpty ? 0 : directory.utf8.count + 1, patterns)) }
            applicable[directory] = result
            return result
        }

        /// The directory above `directory` (relative to the top; `""` is the top).
        static func parent(of directory: String) -> String {
            ProjectPaths.lastSlash(directory).map { String(directory[..<$0]) } ?? ""
        }
    }

    /// The file a config line `excludesFile = PATH` names (`~/` for the home directory, a
    /// relative path from the top of the work tree, where git runs); nil for any other
    /// shape of line (a section header before it, quotes with escapes, a comment).
    static func excludesFile(in line: Substring, home: String, topLevel: String) -> String? {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "excludesfile" else { return nil }
        var value = parts[1].trimmingSpaces
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        guard !value.isEmpty, !value.contains(where: { "\"\\#;".contains($0) }) else { return nil }
        if value.hasPrefix("~/") { return home + value.dropFirst() }
        guard !value.hasPrefix("~"), !value.hasPrefix("%(") else { return nil }
        return value.hasPrefix("/") ? String(value) : topLevel + "/" + value
    }

    /// Where git may keep its system-wide config: `/etc`, and the prefixes of the usual
    /// installations (Homebrew, Xcode and its command-line tools).
    static let systemConfigFiles: [String] = {
        var files = ["/etc/gitconfig", "/usr/local/etc/gitconfig", "/opt/homebrew/etc/gitconfig",
                     "/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig",
                     "/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig"]
        if let developer = realpath("/var/db/xcode_select_link", nil) {
            files.append(String(cString: developer) + "/usr/share/git-core/gitconfig")
            free(developer)
        }
        if let executable = GitRepository.executable, let resolved = realpath(executable, nil) {
            let prefix = FilePath.directory(of: FilePath.directory(of: String(cString: resolved)))
            free(resolved)
            files += [prefix + "/etc/gitconfig", prefix + "/share/git-core/gitconfig"]
        }
        return files
    }()

    private enum FileRead {
        case missing, unreadable
        case bytes([UInt8])
    }

    private static func contents(of path: String) -> FileRead {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let bytes = try? DescriptorReader.readAll(descriptor, regularFileSize: Int(info.st_size)) else { return .unreadable }
        return .bytes(bytes)
    }

    /// The ignoring patterns of an ignore file (`!` lines only un-ignore and are left
    /// out); empty when there is no such file; nil when it cannot be read or holds a
    /// pattern the proof does not read (an escape, a NUL, a non-ASCII byte).
    static func patterns(in path: String) -> [Pattern]? {
        let bytes: [UInt8]
        switch contents(of: path) {
        case .missing: return []
        case .unreadable: return nil
        case .bytes(let read): bytes = read
        }
        return patterns(from: bytes)
    }

    static func patterns(from bytes: [UInt8]) -> [Pattern]? {
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        var patterns: [Pattern] = []
        for rawLine in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            guard !line.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0 || $0 >= 0x80 }) else { return nil }
            while line.last == UInt8(ascii: " ") { line = line.dropLast() }
            guard !line.isEmpty, first != UInt8(ascii: "!") else { continue }
            guard let pattern = Pattern(line) else { return nil }
            patterns.append(pattern)
        }
        return patterns
    }

    // MARK: - Patterns

    /// One ignoring pattern, matched more loosely than git matches it: `?` and `[…]`
    /// as `*`, `*` across `/`, letters in any case (git ignores case on macOS). So it
    /// matches at least every path git's pattern matches.
    struct Pattern {
        /// Ways to write the pattern: with and without each `/` after a `**`, which can
        /// stand for no directory at all (`a/**/b` matches `a/b`). `star` marks a wildcard.
        let variants: [[UInt8]]
        /// Matched against the path below the ignore file's directory, not the name alone.
        let anchored: Bool
        let directoryOnly: Bool
        /// The last element of the pattern: a byte, or `star` (the test most paths fail).
        let final: UInt8
        static let star: UInt8 = 0

        init?(_ line: ArraySlice<UInt8>) {
            var body = line
            directoryOnly = body.last == UInt8(ascii: "/")
            if directoryOnly { body = body.dropLast() }
            anchored = body.contains(UInt8(ascii: "/"))
            if body.first == UInt8(ascii: "/") { body = body.dropFirst() }
            guard !body.isEmpty else { return nil }
            var compiled: [UInt8] = []
            var optionalSlashes: [Int] = []
            var index = body.startIndex
            while index < body.endIndex {
                let byte = body[index]
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "?"):
                    var run = 0
                    while index < body.endIndex, body[index] == UInt8(ascii: "*") || body[index] == UInt8(ascii: "?") {
                        run += 1
                        index += 1
                    }
                    compiled.append(Pattern.star)
                    if run >= 2, index < body.endIndex, body[index] == UInt8(ascii: "/") { optionalSlashes.append(compiled.count) }
                    continue
                case UInt8(ascii: "["):
                    // A class stands for one character: read as a wildcard. Git takes a `]`
                    // right after the opening (or after `!`/`^`) as a member.
                    var close = index + 1
                    if close < body.endIndex, body[close] == UInt8(ascii: "!") || body[close] == UInt8(ascii: "^") { close += 1 }
                    if close < body.endIndex, body[close] == UInt8(ascii: "]") { close += 1 }
                    while close < body.endIndex, body[close] != UInt8(ascii: "]") { close += 1 }
                    guard close < body.endIndex else { return nil }
                    if compiled.last != Pattern.star { compiled.append(Pattern.star) }
                    index = close + 1
                    continue
                default:
                    compiled.append(Pattern.lowercased(byte))
                }
                index += 1
            }
            guard optionalSlashes.count <= 3 else { return nil }
            var variants: [[UInt8]] = [compiled]
            for slash in optionalSlashes.reversed() {
                variants += variants.map { variant in var shorter = variant; shorter.remove(at: slash); return shorter }
            }
            self.variants = variants
            final = compiled.last ?? Pattern.star
        }

        /// Whether git's pattern could match `path` (below the ignore file's directory,
        /// lowercased), whose last component is `name`.
        func mayMatch(_ path: ArraySlice<UInt8>, name: ArraySlice<UInt8>, isDirectory: Bool) -> Bool {
            if directoryOnly && !isDirectory { return false }
            let subject = anchored ? path : name
            // Most patterns end in a literal (`*.ipa`, `xcuserdata`): most paths fail there.
            if final != Pattern.star, subject.last != final { return false }
            return variants.contains { Pattern.glob($0, subject) }
        }

        static func lowercased(_ text: String) -> [UInt8] {
            text.utf8.map(lowercased)
        }

        static func appendLowercased(_ text: Substring, to bytes: inout [UInt8]) {
            for byte in text.utf8 { bytes.append(lowercased(byte)) }
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }

        /// `*`-only glob matching, backtracking to the last star: linear in practice.
        private static func glob(_ pattern: [UInt8], _ subject: ArraySlice<UInt8>) -> Bool {
            var p = 0, s = subject.startIndex
            var starAt = -1, resumeAt = 0
            while s < subject.endIndex {
                if p < pattern.count, pattern[p] == star {
                    starAt = p
                    resumeAt = s
                    p += 1
                } else if p < pattern.count, pattern[p] == subject[s] {
                    p += 1
                    s += 1
                } else if starAt >= 0 {
                    p = starAt + 1
                    resumeAt += 1
                    s = resumeAt
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == star { p += 1 }
            return p == pattern.count
        }
    }
}

private extension Substring {
    /// Without the spaces and tabs around it.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
